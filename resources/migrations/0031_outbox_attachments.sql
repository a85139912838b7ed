CREATE TABLE `outbox_attachments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`outbox_id` integer NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`bytes` blob,
	`signed_contract_id` integer,
	FOREIGN KEY (`outbox_id`) REFERENCES `outbox`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`signed_contract_id`) REFERENCES `signed_contracts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `outbox_attachments_message` ON `outbox_attachments` (`outbox_id`);--> statement-breakpoint
ALTER TABLE `signed_contracts` ADD `placement_id` integer;