ALTER TABLE `stays` ADD `transfer_to` text;--> statement-breakpoint
ALTER TABLE `stays` ADD `receiving_organisation` text;