import { describe, expect, it } from 'vitest';
import {
  changePasswordBody,
  changePasswordForm,
  notificationsBody,
  profileBody,
} from './account.contract';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error!.issues[0]!.message;

describe('profileBody (product.md §5 Settings profile)', () => {
  it('accepts a profile, trimming, lowercasing the email and keeping the phone optional', () => {
    expect(profileBody.parse({ companyName: ' Iron Spin ', email: ' Hi@Iron.Example ' })).toEqual({
      companyName: 'Iron Spin',
      email: 'hi@iron.example',
    });
    expect(
      profileBody.parse({ companyName: 'A', email: 'a@b.co', phone: '+1 (555) 010-2030' }).phone,
    ).toBe('+1 (555) 010-2030');
    expect(profileBody.parse({ companyName: 'A', email: 'a@b.co', phone: '' }).phone).toBe('');
    expect(profileBody.parse({ companyName: 'A', email: 'a@b.co', phone: null }).phone).toBeNull();
  });

  it.each([
    [{ email: 'a@b.co' }, 'Company name is required'],
    [{ companyName: '   ', email: 'a@b.co' }, 'Company name is required'],
    [
      { companyName: 'A'.repeat(101), email: 'a@b.co' },
      'Company name must be under 100 characters',
    ],
    [{ companyName: 'A', email: 'not-an-email' }, 'Invalid email address'],
    [{ companyName: 'A', email: '' }, 'Invalid email address'],
    [{ companyName: 'A' }, 'Invalid email address'],
    [{ companyName: 'A', email: 'a@b.co', phone: 'call me' }, 'Invalid phone number'],
    [
      { companyName: 'A', email: 'a@b.co', phone: '1'.repeat(33) },
      'Phone number must be under 32 characters',
    ],
  ])('rejects %j with "%s"', (input, message) => {
    expect(first(profileBody.safeParse(input))).toBe(message);
  });
});

describe('notificationsBody', () => {
  it('takes any subset of the three switches', () => {
    expect(notificationsBody.parse({ notifyEmail: false })).toEqual({ notifyEmail: false });
    expect(
      notificationsBody.parse({ notifyWeeklyReports: true, notifyStudentActivity: false }),
    ).toEqual({
      notifyWeeklyReports: true,
      notifyStudentActivity: false,
    });
  });

  it.each([
    [{}, 'No notification setting given'],
    [{ notifyEmail: 'yes' }, 'notifyEmail must be true or false'],
    [{ notifyEmail: true, isAdmin: 'true' }, 'Unknown notification setting'],
  ])('rejects %j with "%s"', (input, message) => {
    expect(first(notificationsBody.safeParse(input))).toBe(message);
  });
});

describe('change password', () => {
  it('needs the current password and a new one of at least 8 characters, different from it', () => {
    expect(first(changePasswordBody.safeParse({ newPassword: 'long enough' }))).toBe(
      'Current password is required',
    );
    expect(
      first(changePasswordBody.safeParse({ currentPassword: 'x', newPassword: 'short' })),
    ).toBe('New password must be at least 8 characters');
    expect(
      first(
        changePasswordBody.safeParse({ currentPassword: 'same same', newPassword: 'same same' }),
      ),
    ).toBe('New password must be different from the current password');
  });

  it('the form also needs a matching confirmation', () => {
    const form = {
      currentPassword: 'old password',
      newPassword: 'new password',
      confirmPassword: 'new passw0rd',
    };
    expect(first(changePasswordForm.safeParse(form))).toBe('Passwords do not match');
    expect(changePasswordForm.safeParse({ ...form, confirmPassword: 'new password' }).success).toBe(
      true,
    );
  });
});
