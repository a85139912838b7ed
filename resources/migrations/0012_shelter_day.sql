CREATE TABLE `foster_placements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stay_id` integer NOT NULL,
	`pet_id` integer NOT NULL,
	`person_id` integer NOT NULL,
	`started_at` integer NOT NULL,
	`expected_end_at` integer,
	`ended_at` integer,
	FOREIGN KEY (`stay_id`) REFERENCES `stays`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `foster_placements_one_open` ON `foster_placements` (`pet_id`) WHERE "foster_placements"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX `foster_placements_stay` ON `foster_placements` (`stay_id`);--> statement-breakpoint
CREATE INDEX `foster_placements_person` ON `foster_placements` (`person_id`);--> statement-breakpoint
CREATE INDEX `foster_placements_open` ON `foster_placements` (`expected_end_at`) WHERE "foster_placements"."ended_at" IS NULL;--> statement-breakpoint
CREATE TABLE `movement_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pet_id` integer NOT NULL,
	`stay_id` integer NOT NULL,
	`kind` text NOT NULL,
	`type` text,
	`at` integer NOT NULL,
	`recorded_at` integer NOT NULL,
	`by` text,
	`person_id` integer,
	`details` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `movement_events_pet` ON `movement_events` (`pet_id`,`at`);--> statement-breakpoint
CREATE INDEX `movement_events_at` ON `movement_events` (`at`);--> statement-breakpoint
CREATE INDEX `movement_events_kind_at` ON `movement_events` (`kind`,`at`);--> statement-breakpoint
CREATE INDEX `movement_events_person` ON `movement_events` (`person_id`,`at`);--> statement-breakpoint
CREATE TABLE `people` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`name_folded` text NOT NULL,
	`kind` text DEFAULT 'person' NOT NULL,
	`roles` text DEFAULT '[]' NOT NULL,
	`phones` text DEFAULT '[]' NOT NULL,
	`phone_digits` text DEFAULT '' NOT NULL,
	`email` text,
	`email_folded` text,
	`address` text,
	`postcode` text,
	`postcode_folded` text,
	`id_checked` integer DEFAULT false NOT NULL,
	`id_checked_what` text,
	`notes` text,
	`do_not_adopt` integer DEFAULT false NOT NULL,
	`do_not_adopt_reason` text,
	`foster_approved` integer DEFAULT false NOT NULL,
	`foster_capacity` integer,
	`foster_species` text DEFAULT '[]' NOT NULL,
	`forgotten_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `people_name_folded` ON `people` (`name_folded`);--> statement-breakpoint
CREATE INDEX `people_email_folded` ON `people` (`email_folded`);--> statement-breakpoint
CREATE INDEX `people_postcode_folded` ON `people` (`postcode_folded`,`name_folded`);--> statement-breakpoint
CREATE TABLE `reservations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stay_id` integer NOT NULL,
	`pet_id` integer NOT NULL,
	`person_id` integer NOT NULL,
	`reserved_at` integer NOT NULL,
	`expires_at` integer,
	`ended_at` integer,
	`end` text,
	FOREIGN KEY (`stay_id`) REFERENCES `stays`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reservations_one_active` ON `reservations` (`pet_id`) WHERE "reservations"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX `reservations_stay` ON `reservations` (`stay_id`);--> statement-breakpoint
CREATE INDEX `reservations_person` ON `reservations` (`person_id`);--> statement-breakpoint
CREATE INDEX `reservations_open` ON `reservations` (`reserved_at`) WHERE "reservations"."ended_at" IS NULL;--> statement-breakpoint
CREATE TABLE `stays` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pet_id` integer NOT NULL,
	`intake_type` text NOT NULL,
	`transfer_from` text,
	`intake_at` integer NOT NULL,
	`intake_person_id` integer,
	`intake_reason` text,
	`intake_condition` text,
	`outcome_type` text,
	`outcome_at` integer,
	`outcome_person_id` integer,
	`outcome_reason` text,
	`fee_hundredths` integer,
	`fee_method` text,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`intake_person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`outcome_person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stays_one_open` ON `stays` (`pet_id`) WHERE "stays"."outcome_at" IS NULL;--> statement-breakpoint
CREATE INDEX `stays_pet` ON `stays` (`pet_id`,`intake_at`);--> statement-breakpoint
CREATE INDEX `stays_open_intake` ON `stays` (`intake_at`) WHERE "stays"."outcome_at" IS NULL;--> statement-breakpoint
CREATE INDEX `stays_intake_at` ON `stays` (`intake_at`);--> statement-breakpoint
-- Every animal in care has an open stay: one created without an intake (the API, `pets create`, an import) gets one of type `unknown`, dated from its creation, which staff may make precise with an intake.
CREATE TRIGGER `pets_open_stay` AFTER INSERT ON `pets` BEGIN INSERT INTO `stays` (`pet_id`, `intake_type`, `intake_at`) VALUES (NEW.`id`, 'unknown', NEW.`created_at`); END;
--> statement-breakpoint
-- Existing pets: an intake dated from their creation.
INSERT INTO `stays` (`pet_id`, `intake_type`, `intake_at`) SELECT `id`, 'unknown', `created_at` FROM `pets`;
--> statement-breakpoint
-- A pet already `sold` was adopted (the only meaning the status had): its stay closes with an adoption dated from its last change to `sold`, without an adopter.
UPDATE `stays` SET `outcome_type` = 'adoption', `outcome_at` = max(`intake_at`, coalesce((SELECT max(`changed_at`) FROM `pet_status_history` WHERE `pet_status_history`.`pet_id` = `stays`.`pet_id` AND `to_status` = 'sold'), (SELECT `updated_at` FROM `pets` WHERE `pets`.`id` = `stays`.`pet_id`))) WHERE `pet_id` IN (SELECT `id` FROM `pets` WHERE `status` = 'sold');
--> statement-breakpoint
INSERT INTO `movement_events` (`pet_id`, `stay_id`, `kind`, `type`, `at`, `recorded_at`, `by`, `details`) SELECT `pet_id`, `id`, 'outcome', 'adoption', `outcome_at`, `outcome_at`, NULL, '{"migrated":true}' FROM `stays` WHERE `outcome_type` = 'adoption';
