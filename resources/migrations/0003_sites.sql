CREATE TABLE `deploys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`number` integer NOT NULL,
	`source` text NOT NULL,
	`folder` text,
	`outcome` text NOT NULL,
	`reason` text,
	`file_count` integer NOT NULL,
	`byte_size` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deploys_project_number` ON `deploys` (`project_id`,`number`);--> statement-breakpoint
CREATE TABLE `domains` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`role` text NOT NULL,
	`redirect_status` integer,
	`status` text NOT NULL,
	`expected` text NOT NULL,
	`found` text NOT NULL,
	`message` text NOT NULL,
	`checked_at` integer,
	`automatic_checks` integer DEFAULT 0 NOT NULL,
	`next_check_at` integer,
	`verified_at` integer,
	`certificate_state` text DEFAULT 'none' NOT NULL,
	`created_at` integer NOT NULL,
	`removed_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `domains_name_attached` ON `domains` (`name`) WHERE "domains"."removed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `domains_one_primary` ON `domains` (`project_id`) WHERE "domains"."role" = 'primary' AND "domains"."removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX `domains_project` ON `domains` (`project_id`);--> statement-breakpoint
CREATE INDEX `domains_next_check` ON `domains` (`next_check_at`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`live_deploy_number` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `projects_slug_unique` ON `projects` (`slug`);--> statement-breakpoint
CREATE INDEX `projects_account` ON `projects` (`account_id`);