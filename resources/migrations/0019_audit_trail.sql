CREATE TABLE `audit_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`staff_id` integer,
	`staff_name` text NOT NULL,
	`address` text,
	`channel` text NOT NULL,
	`record` text,
	`input` text NOT NULL,
	`changes` text
);
--> statement-breakpoint
CREATE INDEX `audit_entries_at` ON `audit_entries` (`at`);--> statement-breakpoint
CREATE INDEX `audit_entries_record` ON `audit_entries` (`record`);