/** The window's forms for a new member (the first owner, an invitation) refuse the desk's name before sending it, in the window's words, as the engine would. */
import { describe, expect, it } from 'vitest';
import { deskNameProblem, staffNameProblem } from '../../src/renderer/src/domain/staff/password-rules';
import { DESK_NAME_REFUSAL, refusesDeskName, StaffNameSchema } from '../../src/shared/staff';

describe("a new member's name in the window", () => {
  it('is refused as the desk in any case, width or accents, as the engine refuses it; other names pass', () => {
    for (const name of ['desk', ' Desk ', 'DESK', 'ｄｅｓｋ', 'Désk', 'de\u200Bsk']) {
      expect(staffNameProblem(name, 'Your name'), name).toBe(deskNameProblem());
      expect(StaffNameSchema.safeParse(name).success, name).toBe(false);
    }
    for (const name of ['Ana Ruiz', 'Desk Sergeant Ana', 'Desko']) {
      expect(staffNameProblem(name, 'Your name'), name).toBeNull();
      expect(StaffNameSchema.safeParse(name).success, name).toBe(true);
    }
    expect(staffNameProblem('  ', 'Your name')).toBe('Your name');
    expect(deskNameProblem()).not.toMatch(/--|audit list/);
  });

  it("follows every name's rules, as pets', people's and accounts' names do: no control character, something visible", () => {
    for (const name of ['Ana\u001b[31mRuiz', 'Ana\nRuiz', '\u200B\u200B', 'Ana\uFFFE'])
      expect(StaffNameSchema.safeParse(name).success, JSON.stringify(name)).toBe(false);
    for (const name of ['Zoë Brontë', 'Nguyễn Văn An', '李小龍'])
      expect(StaffNameSchema.safeParse(name).success, name).toBe(true);
    expect(StaffNameSchema.parse('  Ana Ruiz  ')).toBe('Ana Ruiz');
  });

  it("knows the engine's refusal by its code and details, not its message", () => {
    expect(refusesDeskName({ code: 'validation_failed', details: DESK_NAME_REFUSAL })).toBe(true);
    expect(refusesDeskName({ code: 'validation_failed', details: { field: 'name' } })).toBe(false);
    expect(refusesDeskName({ code: 'conflict', details: { reason: 'login_taken', login: 'desk' } })).toBe(false);
  });
});
