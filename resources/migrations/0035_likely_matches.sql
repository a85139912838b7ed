CREATE TABLE `lost_found_likely_matches` (
	`report_id` integer NOT NULL,
	`other_report_id` integer,
	`pet_id` integer,
	`score` integer NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `lost_found_reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`other_report_id`) REFERENCES `lost_found_reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "lost_found_likely_matches_one_other" CHECK(("lost_found_likely_matches"."other_report_id" IS NULL) <> ("lost_found_likely_matches"."pet_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `lost_found_likely_matches_report` ON `lost_found_likely_matches` (`report_id`,`score`);--> statement-breakpoint
CREATE INDEX `lost_found_likely_matches_other` ON `lost_found_likely_matches` (`other_report_id`);--> statement-breakpoint
CREATE INDEX `lost_found_likely_matches_pet` ON `lost_found_likely_matches` (`pet_id`);--> statement-breakpoint
CREATE TABLE `lost_found_stray_descriptions` (
	`pet_id` integer PRIMARY KEY NOT NULL,
	`description` text NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `lost_found_reports` ADD `matches_stored_at` integer;--> statement-breakpoint
CREATE INDEX `lost_found_reports_unmatched` ON `lost_found_reports` (`id`) WHERE "lost_found_reports"."state" = 'open' AND "lost_found_reports"."matches_stored_at" IS NULL;