-- Attempts at staff secrets on the real clock, where members held sessions, who made an invitation and its revocation;
-- and API keys written in full into the audit trail by earlier releases scrubbed (adk_without_keys: db/sql-functions.ts).
CREATE TABLE `staff_attempts` (
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`address` text NOT NULL,
	`span` text NOT NULL,
	`started_at` integer NOT NULL,
	`attempts` integer NOT NULL,
	`full_until` integer,
	PRIMARY KEY(`kind`, `subject`, `address`, `span`)
);
--> statement-breakpoint
CREATE TABLE `staff_known_addresses` (
	`staff_id` integer NOT NULL,
	`address` text NOT NULL,
	`last_seen_at` integer NOT NULL,
	PRIMARY KEY(`staff_id`, `address`),
	FOREIGN KEY (`staff_id`) REFERENCES `staff_members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `staff_invites` ADD `invited_by` integer REFERENCES staff_members(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `staff_invites` ADD `revoked_at` integer;--> statement-breakpoint
UPDATE `audit_entries` SET `input` = adk_without_keys(`input`), `changes` = adk_without_keys(`changes`) WHERE `input` LIKE '%adk%' OR `changes` LIKE '%adk%';
