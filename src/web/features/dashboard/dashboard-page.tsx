import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { AlertTriangle, Upload } from 'lucide-react';
import { PRODUCT_NAME } from '@shared/product';
import { publicGymUrl } from '@shared/slug.contract';
import { Button } from '@web/components/ui/button';
import { useOwnerVideos, videoStats } from '@web/lib/owner-videos';
import { openVideoPickerThenGo } from '@web/lib/pending-upload';
import { useCurrentUser } from '@web/lib/session';
import { GettingStarted } from './getting-started';
import { useFirstDashboardVisit, useLinkShared } from './owner-flags';
import { welcomeLine } from './welcome';
import { PublicLinkCard } from './public-link-card';
import { QuickActions } from './quick-actions';
import { RecentVideos } from './recent-videos';
import { StatCards } from './stat-cards';
import { useCopyLink } from './use-copy-link';
import { VerifyEmailBanner } from './verify-email-banner';

/** The Branding draft defaults (product.md §3): a gym still on them has not customised its interface. */
const DEFAULT_PRIMARY = '#ff4500';
const DEFAULT_SECONDARY = '#1a1a1a';

/** The owner's dashboard (product.md §2). */
export function DashboardPage() {
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const videosQuery = useOwnerVideos();
  const videos = videosQuery.data;
  const stats = useMemo(() => (videos ? videoStats(videos) : undefined), [videos]);
  const [linkShared, markLinkShared] = useLinkShared(user?.id ?? 'anonymous');
  const firstVisit = useFirstDashboardVisit(user?.id ?? 'anonymous');

  const slug = user?.companySlug ?? null;
  const link = slug ? publicGymUrl(window.location.origin, slug) : null;
  const { copied, copy } = useCopyLink(link, markLinkShared);

  if (!user) return null;
  const companyName = user.companyName || PRODUCT_NAME;
  const hasBranding =
    Boolean(user.companyLogoUrl) ||
    user.brandPrimaryColor.toLowerCase() !== DEFAULT_PRIMARY ||
    user.brandSecondaryColor.toLowerCase() !== DEFAULT_SECONDARY;
  const upload = () => openVideoPickerThenGo(navigate);

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <VerifyEmailBanner user={user} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-balance break-words sm:text-3xl">
            {welcomeLine(firstVisit, user.firstName)}
          </h1>
          <p className="break-words text-muted-foreground">
            {companyName}: here is how your class library is doing.
          </p>
        </div>
        <Button onClick={upload} className="shrink-0 self-start sm:self-auto">
          <Upload aria-hidden="true" />
          Upload Video
        </Button>
      </div>

      {videosQuery.isError && (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-destructive-text" />
          Unable to load your videos. We will try again shortly.
        </div>
      )}

      <StatCards stats={stats} />

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          <PublicLinkCard
            slug={slug}
            link={link}
            copied={copied}
            onCopy={() => void copy()}
            onShared={markLinkShared}
          />
          <GettingStarted
            hasVideo={(stats?.total ?? 0) > 0}
            hasBranding={hasBranding}
            hasShared={linkShared}
            onUpload={upload}
            onShare={() => void copy()}
          />
        </div>
        <QuickActions onUpload={upload} />
      </div>

      <RecentVideos videos={videos} isLoading={videosQuery.isLoading} onUpload={upload} />
    </div>
  );
}
