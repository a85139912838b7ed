CREATE TABLE `request_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`method` text NOT NULL,
	`host` text,
	`url` text NOT NULL,
	`status` integer NOT NULL,
	`code` text,
	`key_id` integer,
	`account_id` integer,
	`address` text,
	`latency_ms` real NOT NULL,
	`head` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `request_log_key_at` ON `request_log` (`key_id`,`at`);--> statement-breakpoint
CREATE INDEX `request_log_at` ON `request_log` (`at`);--> statement-breakpoint
CREATE TABLE `request_log_batches` (
	`id` integer PRIMARY KEY NOT NULL,
	`rows` integer NOT NULL,
	`last_at` integer NOT NULL,
	`data` text NOT NULL
);
