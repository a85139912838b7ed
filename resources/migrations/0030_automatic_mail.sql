CREATE TABLE `mail_automation` (
	`id` integer PRIMARY KEY NOT NULL,
	`follow_up_days` integer NOT NULL,
	`follow_up_questions` text NOT NULL,
	`disabled` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `mail_staff_notices` (
	`staff_id` integer PRIMARY KEY NOT NULL,
	`address` text NOT NULL,
	`kinds` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `mail_templates` (
	`kind` text NOT NULL,
	`language` text NOT NULL,
	`subject` text NOT NULL,
	`paragraphs` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `language`)
);
--> statement-breakpoint
ALTER TABLE `outbox` ADD `occasion` text;--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_occasion` ON `outbox` (`occasion`);