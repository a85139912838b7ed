CREATE TABLE `bans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key_id` integer NOT NULL,
	`account_id` integer NOT NULL,
	`started_at` integer NOT NULL,
	`until` integer NOT NULL,
	`lifted_at` integer,
	FOREIGN KEY (`key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bans_key` ON `bans` (`key_id`,`until`);--> statement-breakpoint
CREATE INDEX `bans_account` ON `bans` (`account_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `key_strikes` (
	`key_id` integer PRIMARY KEY NOT NULL,
	`window_reset_at` integer NOT NULL,
	`strikes` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `usage_resets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subject` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `usage_windows` (
	`subject` text NOT NULL,
	`kind` text NOT NULL,
	`start` integer NOT NULL,
	`accepted` integer DEFAULT 0 NOT NULL,
	`rejected` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`subject`, `kind`, `start`)
);
