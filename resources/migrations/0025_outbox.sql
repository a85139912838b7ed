CREATE TABLE `mail_recipients` (
	`person_id` integer PRIMARY KEY NOT NULL,
	`language` text,
	`opted_out_at` integer,
	`unsubscribe_token` text NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_recipients_token` ON `mail_recipients` (`unsubscribe_token`);--> statement-breakpoint
CREATE TABLE `mail_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`host` text NOT NULL,
	`port` integer NOT NULL,
	`security` text NOT NULL,
	`username` text,
	`from_address` text NOT NULL,
	`from_name` text,
	`daily_cap` integer NOT NULL,
	`unsubscribe_base` text,
	`paused` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` text NOT NULL,
	`person_id` integer,
	`to_address` text NOT NULL,
	`language` text NOT NULL,
	`kind` text NOT NULL,
	`essential` integer DEFAULT false NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_message_id` ON `outbox` (`message_id`);--> statement-breakpoint
CREATE INDEX `outbox_due` ON `outbox` (`next_attempt_at`) WHERE "outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX `outbox_status` ON `outbox` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `outbox_person` ON `outbox` (`person_id`,`id`);--> statement-breakpoint
CREATE INDEX `outbox_sent_at` ON `outbox` (`sent_at`);