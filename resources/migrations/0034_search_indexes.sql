DROP INDEX `lost_found_reports_open`;--> statement-breakpoint
CREATE INDEX `lost_found_reports_open_seen` ON `lost_found_reports` (`species`,`kind`,`seen_at`) WHERE "lost_found_reports"."state" = 'open';--> statement-breakpoint
CREATE INDEX `front_door_submissions_received` ON `front_door_submissions` (`received_at`);--> statement-breakpoint
CREATE INDEX `front_door_submissions_kind` ON `front_door_submissions` (`kind`,`received_at`);