CREATE TABLE `front_door_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`submission_id` integer NOT NULL,
	`at` integer NOT NULL,
	`from_state` text,
	`to_state` text NOT NULL,
	`note` text,
	FOREIGN KEY (`submission_id`) REFERENCES `front_door_submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `front_door_events_submission` ON `front_door_events` (`submission_id`);--> statement-breakpoint
CREATE TABLE `front_door_forms` (
	`kind` text PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `front_door_paused` (
	`pet_id` integer PRIMARY KEY NOT NULL,
	`paused_at` integer NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `front_door_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`pet_id` integer,
	`state` text DEFAULT 'new' NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`email_folded` text NOT NULL,
	`phone` text,
	`postcode` text,
	`answers` text NOT NULL,
	`consent_text` text NOT NULL,
	`retention_days` integer NOT NULL,
	`person_id` integer,
	`rank` integer NOT NULL,
	`visit_booked_for` integer,
	`visit_done_at` integer,
	`visit_notes` text,
	`reservation_made` integer DEFAULT false NOT NULL,
	`received_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `front_door_submissions_pet` ON `front_door_submissions` (`pet_id`,`rank`);--> statement-breakpoint
CREATE INDEX `front_door_submissions_state` ON `front_door_submissions` (`state`,`received_at`);--> statement-breakpoint
CREATE INDEX `front_door_submissions_person` ON `front_door_submissions` (`person_id`);