CREATE TABLE `idempotent_creations` (
	`account_id` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`request_hash` text NOT NULL,
	`response` text NOT NULL,
	`pet_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `idempotency_key`)
);
--> statement-breakpoint
CREATE INDEX `idempotent_creations_created` ON `idempotent_creations` (`created_at`);