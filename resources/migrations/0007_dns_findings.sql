-- A domain's DNS check keeps what it found (a reason code and the query that failed), not the advice
-- text earlier releases stored, which named CLI flags. Their rows get the reason their text told.
ALTER TABLE `domains` ADD `check_reason` text DEFAULT 'not_checked' NOT NULL;--> statement-breakpoint
ALTER TABLE `domains` ADD `check_query` text;--> statement-breakpoint
UPDATE `domains` SET `check_reason` = CASE
  WHEN `message` LIKE 'The % query for % failed (% from %).%' THEN 'query_failed'
  WHEN `message` LIKE 'The target % itself has no A/AAAA record%' THEN 'target_unresolved'
  WHEN `message` LIKE '%which blocks the CNAME%' THEN 'records_block_cname'
  WHEN `message` LIKE '% has a CNAME to %' THEN 'cname_elsewhere'
  WHEN `message` LIKE 'No CNAME record at % yet.%' OR `message` LIKE '% does not resolve yet.%' THEN 'no_record'
  WHEN `message` LIKE '%: verified.' THEN 'verified'
  WHEN `message` LIKE '% resolves to %, which % not %' THEN 'foreign_addresses'
  WHEN `status` = 'conflict' THEN CASE `kind` WHEN 'apex' THEN 'foreign_addresses' ELSE 'records_block_cname' END
  WHEN `status` = 'verified' THEN 'verified'
  WHEN `status` = 'error' THEN 'query_failed'
  WHEN `checked_at` IS NULL THEN 'not_checked'
  WHEN `kind` = 'subdomain' AND json_array_length(`found`) > 0 THEN 'cname_elsewhere'
  ELSE 'no_record'
END;--> statement-breakpoint
-- "The CNAME query for NAME failed (CODE from SERVER, SERVER). Check …": the query, taken apart.
UPDATE `domains` SET `check_query` = json_object(
  'type', `parsed`.`type`,
  'name', `parsed`.`name`,
  'servers', CASE `parsed`.`servers` WHEN 'the system resolver' THEN json('[]') ELSE json('["' || replace(`parsed`.`servers`, ', ', '","') || '"]') END,
  'code', `parsed`.`code`
)
FROM (
  SELECT `id`, `type`, `name`,
    substr(`tail`, 1, instr(`tail`, ' from ') - 1) AS `code`,
    substr(`tail`, instr(`tail`, ' from ') + 6, instr(`tail`, '). ') - instr(`tail`, ' from ') - 6) AS `servers`
  FROM (
    SELECT `id`, `type`, substr(`rest`, 1, instr(`rest`, ' failed (') - 1) AS `name`, substr(`rest`, instr(`rest`, ' failed (') + 9) AS `tail`
    FROM (
      SELECT `id`, substr(`message`, 5, instr(`message`, ' query for ') - 5) AS `type`, substr(`message`, instr(`message`, ' query for ') + 11) AS `rest`
      FROM `domains`
      WHERE `check_reason` = 'query_failed' AND `message` LIKE 'The % query for % failed (% from %). %'
    )
  )
) AS `parsed`
WHERE `domains`.`id` = `parsed`.`id` AND `parsed`.`type` IN ('CNAME', 'A/AAAA');--> statement-breakpoint
ALTER TABLE `domains` DROP COLUMN `message`;
