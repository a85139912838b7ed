/** The `Idempotency-Key` request header of POST /pets (docs/contract.md): 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_KEY_RULE = 'must be 1 to 255 visible ASCII characters, sent once (a UUID, say)';
