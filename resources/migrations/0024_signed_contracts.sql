CREATE TABLE `signed_contracts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stay_id` integer NOT NULL,
	`pet_id` integer NOT NULL,
	`kind` text NOT NULL,
	`signer_name` text NOT NULL,
	`signed_at` integer NOT NULL,
	`staff_id` integer,
	`text_sha256` text NOT NULL,
	`pdf_sha256` text NOT NULL,
	`pdf` blob NOT NULL,
	`replaces` integer,
	`replaced_by` integer,
	FOREIGN KEY (`stay_id`) REFERENCES `stays`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `signed_contracts_stay` ON `signed_contracts` (`stay_id`,`kind`);--> statement-breakpoint
CREATE UNIQUE INDEX `signed_contracts_pdf` ON `signed_contracts` (`pdf_sha256`);