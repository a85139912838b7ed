CREATE TABLE `lost_found_confirmations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`pet_id` integer,
	`other_report_id` integer,
	`score` integer NOT NULL,
	`confirmed_at` integer NOT NULL,
	`by` text NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `lost_found_reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`other_report_id`) REFERENCES `lost_found_reports`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lost_found_confirmations_report` ON `lost_found_confirmations` (`report_id`);--> statement-breakpoint
CREATE TABLE `lost_found_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`source` text NOT NULL,
	`species` text NOT NULL,
	`sex` text,
	`colour` text,
	`breed` text,
	`size` text,
	`age_group` text,
	`microchip` text,
	`postcode` text,
	`place` text,
	`seen_at` integer NOT NULL,
	`features` text,
	`contact_name` text NOT NULL,
	`contact_phone` text,
	`contact_email` text,
	`returned_pet_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`returned_pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `lost_found_reports_open` ON `lost_found_reports` (`species`,`kind`) WHERE "lost_found_reports"."state" = 'open';--> statement-breakpoint
CREATE INDEX `lost_found_reports_chip` ON `lost_found_reports` (`microchip`);