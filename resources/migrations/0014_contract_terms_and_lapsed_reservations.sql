-- The contract's terms in the shelter profile (printed on adoption contracts only, never published); a reservation past its expiry gives the animal back once the engine sees it (lapsed_at), and stays open until staff end it.
ALTER TABLE `shelter_profile` ADD `contract_terms` text;--> statement-breakpoint
ALTER TABLE `reservations` ADD `lapsed_at` integer;
