CREATE TABLE `staff_invite_people` (
	`invite_id` integer PRIMARY KEY NOT NULL,
	`person_id` integer NOT NULL,
	FOREIGN KEY (`invite_id`) REFERENCES `staff_invites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `staff_people` (
	`staff_id` integer PRIMARY KEY NOT NULL,
	`person_id` integer NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `staff_members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
