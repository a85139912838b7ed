ALTER TABLE `domains` ADD `certificate_issuer` text;--> statement-breakpoint
ALTER TABLE `domains` ADD `certificate_reason` text;--> statement-breakpoint
ALTER TABLE `domains` ADD `certificate_requested_at` integer;--> statement-breakpoint
ALTER TABLE `domains` ADD `certificate_issued_at` integer;--> statement-breakpoint
ALTER TABLE `domains` ADD `certificate_not_before` integer;--> statement-breakpoint
ALTER TABLE `domains` ADD `certificate_not_after` integer;--> statement-breakpoint
ALTER TABLE `domains` ADD `certificate_chain` text;--> statement-breakpoint
ALTER TABLE `domains` ADD `certificate_next_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `domains` ADD `certificate_failures` text DEFAULT '[]' NOT NULL;