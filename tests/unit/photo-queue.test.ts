/** The photo queue: so many at once, so many waiting in order, then service_unavailable with Retry-After. */
import { expect, it } from 'vitest';
import { PhotoQueue } from '../../src/main/photos/photo-queue';
import { AppError } from '../../src/shared/errors';

it('runs two at once, lets two wait in order, refuses the fifth with Retry-After, and passes each turn on once', async () => {
  const queue = new PhotoQueue(2, 2);
  const started: string[] = [];
  const take = (name: string, alwaysWait = false) => queue.turn(alwaysWait).then((end) => (started.push(name), end));
  const first = await take('first');
  const second = await take('second');
  const third = take('third');
  const fourth = take('fourth');
  const refusal = await take('fifth').catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(AppError);
  expect(refusal).toMatchObject({ code: 'service_unavailable', status: 503, headers: { 'retry-after': '1' } });
  const logo = take('logo', true);
  expect(started).toEqual(['first', 'second']);

  first();
  first();
  const endThird = await third;
  expect(started).toEqual(['first', 'second', 'third']);
  second();
  (await fourth)();
  (await logo)();
  endThird();
  expect(started).toEqual(['first', 'second', 'third', 'fourth', 'logo']);
  // All turns ended: two run at once again without waiting.
  const again = await Promise.all([take('again 1'), take('again 2')]);
  expect(started.slice(-2)).toEqual(['again 1', 'again 2']);
  for (const end of again) end();
});
