import type { PublicUser } from '@shared/auth.contract';
import type { UserRow } from '../../db/schema/users';

/** The user as responses show it: every field but the password hash. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    pendingEmail: row.pendingEmail,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    companyName: row.companyName,
    companyType: row.companyType,
    companySlug: row.companySlug,
    companyDescription: row.companyDescription,
    companyLogoUrl: row.companyLogoUrl,
    onboardingCompleted: row.onboardingCompleted,
    isAdmin: row.isAdmin,
    plan: row.plan,
    phone: row.phone,
    notifyEmail: row.notifyEmail,
    notifyStudentActivity: row.notifyStudentActivity,
    notifyWeeklyReports: row.notifyWeeklyReports,
    timeZone: row.timeZone,
    brandPrimaryColor: row.brandPrimaryColor,
    brandSecondaryColor: row.brandSecondaryColor,
    customDomain: row.customDomain,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
