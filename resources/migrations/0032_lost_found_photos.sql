CREATE TABLE `lost_found_report_photos` (
	`report_id` integer PRIMARY KEY NOT NULL,
	`jpeg` blob NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `lost_found_reports`(`id`) ON UPDATE no action ON DELETE cascade
);
