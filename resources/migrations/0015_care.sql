-- Care (issue 28 §1): vaccinations, treatments and tests, their history, and each category's protocol. New tables only: nothing existing changes.
CREATE TABLE `care_doses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pet_id` integer NOT NULL,
	`vaccine` text NOT NULL,
	`vaccine_folded` text NOT NULL,
	`status` text NOT NULL,
	`due_date` text,
	`age_weeks` integer,
	`not_before` text,
	`given_date` text,
	`expires_date` text,
	`batch` text,
	`manufacturer` text,
	`given_by` text,
	`vet_id` integer,
	`skip_reason` text,
	`notes` text,
	`protocol_step` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vet_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `care_doses_pet` ON `care_doses` (`pet_id`,`vaccine_folded`);--> statement-breakpoint
CREATE INDEX `care_doses_waiting` ON `care_doses` (`pet_id`) WHERE "care_doses"."status" = 'scheduled';--> statement-breakpoint
CREATE TABLE `care_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pet_id` integer NOT NULL,
	`kind` text NOT NULL,
	`dose_id` integer,
	`treatment_id` integer,
	`recorded_at` integer NOT NULL,
	`by` text,
	`details` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `care_events_pet` ON `care_events` (`pet_id`,`recorded_at`);--> statement-breakpoint
CREATE TABLE `care_protocols` (
	`category_id` integer PRIMARY KEY NOT NULL,
	`steps` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `care_treatments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pet_id` integer NOT NULL,
	`kind` text NOT NULL,
	`product` text,
	`given_date` text NOT NULL,
	`result` text,
	`next_due_date` text,
	`given_by` text,
	`vet_id` integer,
	`notes` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vet_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `care_treatments_pet` ON `care_treatments` (`pet_id`,`given_date`);