import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { AlertTriangle, ExternalLink, MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import { gymPagePath } from '@shared/gyms.contract';
import {
  LOCATION_MESSAGES,
  type LocationDto,
  type LocationsView,
} from '@shared/locations.contract';
import type { VideoDto } from '@shared/videos.contract';
import { LockedNote } from '@web/components/locked-note';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useLocations } from '@web/lib/locations';
import { useOwnerVideos } from '@web/lib/owner-videos';
import { cn } from '@web/lib/utils';
import { DeleteLocationDialog } from './delete-location-dialog';
import { LocationBranding } from './location-branding';
import { LocationClasses } from './location-classes';
import { LocationFormDialog } from './location-form-dialog';
import { canAddLocation, classCount, classesOnlyAt, isMainLocation } from './location-rules';

/**
 * /locations (issue #18 part 5, Elite Studio): the account's own gym is its first location; an
 * Elite owner adds further ones, each with its own public page, and chooses which classes each
 * offers. Off Elite the further pages are offline (shown, not deleted) and the screen says so: they
 * can be deleted but not changed, and the first location's classes can still be chosen.
 */
export function LocationsPage() {
  const locations = useLocations();

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Locations</h1>
        <p className="text-muted-foreground">
          Each location has its own public page, name and colors, and offers the classes you choose.
        </p>
      </div>
      {locations.isError ? (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-lg border border-destructive/40 p-4 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="size-4 text-destructive-text" />
          Unable to load your locations. Please reload the page.
        </div>
      ) : !locations.data ? (
        <div className="space-y-4" role="status" aria-label="Loading">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : (
        <Locations view={locations.data} />
      )}
    </div>
  );
}

type Editing = { mode: 'add' } | { mode: 'edit'; location: LocationDto } | null;

function Locations({ view }: { view: LocationsView }) {
  const videos = useOwnerVideos();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<LocationDto | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const gym = view.locations[0]!;
  const titles = new Map((videos.data ?? []).map((v) => [v.id, v.title]));
  const onlyHere = deleting
    ? classesOnlyAt(view.locations, deleting.id).map((id) => titles.get(id) ?? 'a class')
    : [];

  return (
    <>
      {view.notice && (
        <div
          role="status"
          data-testid="locations-notice"
          className="flex gap-3 rounded-lg border border-warning/60 bg-warning/10 p-4 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
          <p className="font-medium">{view.notice}</p>
        </div>
      )}
      {!view.allowed && <LockedNote feature="multiLocation" message={LOCATION_MESSAGES.locked} />}
      {view.allowed && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground" data-testid="locations-count">
            {view.locations.length} of {view.limit} locations
          </p>
          {canAddLocation(view) ? (
            <Button onClick={() => setEditing({ mode: 'add' })}>
              <Plus aria-hidden="true" />
              Add location
            </Button>
          ) : (
            <p className="text-sm">{LOCATION_MESSAGES.limit}</p>
          )}
        </div>
      )}
      <ul
        ref={list}
        tabIndex={-1}
        className="grid gap-4 outline-none xl:grid-cols-2"
        aria-label="Your locations"
      >
        {view.locations.map((location) => (
          <li key={location.id} className="min-w-0">
            <LocationCard
              location={location}
              allowed={view.allowed}
              videos={videos.data}
              onEdit={() => setEditing({ mode: 'edit', location })}
              onDelete={() => setDeleting(location)}
            />
          </li>
        ))}
      </ul>
      {view.allowed && (
        <LocationFormDialog
          open={editing !== null}
          location={editing?.mode === 'edit' ? editing.location : null}
          gym={gym}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteLocationDialog
        location={deleting}
        firstName={gym.name}
        onlyHere={onlyHere}
        onClose={() => setDeleting(null)}
        onDeleted={() => list.current?.focus()}
      />
    </>
  );
}

function LocationCard({
  location,
  allowed,
  videos,
  onEdit,
  onDelete,
}: {
  location: LocationDto;
  allowed: boolean;
  videos: readonly VideoDto[] | undefined;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [showClasses, setShowClasses] = useState(false);
  const [showBranding, setShowBranding] = useState(false);
  const main = isMainLocation(location);
  const path = gymPagePath(location.slug);
  const classesId = `location-classes-${location.id}`;
  const brandingId = `location-branding-${location.id}`;
  const domain = location.customDomainStatus === 'verified' ? location.customDomain : null;

  return (
    <Card className="h-full gap-4" data-testid="location-card">
      <CardHeader>
        <CardTitle className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="flex min-w-0 items-center gap-2">
            <MapPin aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <h2 className="min-w-0 text-lg break-words">{location.name}</h2>
          </span>
          {main && <Badge variant="outline">First location</Badge>}
          <Badge
            variant="outline"
            data-testid="location-status"
            className={cn(
              location.online
                ? 'border-success/50 text-success'
                : 'border-warning/60 bg-warning/10 text-foreground',
            )}
          >
            <span
              aria-hidden="true"
              className={cn('size-1.5 rounded-full', location.online ? 'bg-success' : 'bg-warning')}
            />
            {location.online ? 'Online' : 'Offline'}
          </Badge>
        </CardTitle>
        <CardDescription className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          {location.online ? (
            <a
              href={path}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-w-0 items-center gap-1 font-mono break-all text-foreground underline underline-offset-4 hover:text-primary"
            >
              {path}
              <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="sr-only">(opens the public page in a new tab)</span>
            </a>
          ) : (
            <span className="font-mono break-all">{path}</span>
          )}
          {domain && (
            <span className="font-mono break-all" data-testid="location-domain">
              {domain}
            </span>
          )}
          <span data-testid="location-class-count">{classCount(location.videoIds.length)}</span>
        </CardDescription>
        {!main && (
          <CardAction className="flex gap-1">
            {allowed && (
              <Button variant="ghost" size="icon" onClick={onEdit} title="Edit">
                <Pencil aria-hidden="true" />
                <span className="sr-only">Edit {location.name}</span>
              </Button>
            )}
            <Button variant="ghost" size="icon" onClick={onDelete} title="Delete">
              <Trash2 aria-hidden="true" className="text-destructive-text" />
              <span className="sr-only">Delete {location.name}</span>
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
        <ColourSwatches location={location} />
        {main && (
          <p className="text-sm text-muted-foreground">
            Its name, URL, colors, logo and domain are your gym&rsquo;s:{' '}
            <Link
              href="/customize"
              className="font-medium text-foreground underline underline-offset-4"
            >
              change them on Gym Customization
            </Link>
            .
          </p>
        )}
        {(allowed || main) && (
          <div className="grid gap-3">
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                aria-expanded={showClasses}
                aria-controls={classesId}
                onClick={() => setShowClasses((open) => !open)}
              >
                {showClasses ? 'Hide classes' : 'Classes'}
                <span className="sr-only"> at {location.name}</span>
              </Button>
              {!main && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-expanded={showBranding}
                  aria-controls={brandingId}
                  onClick={() => setShowBranding((open) => !open)}
                >
                  {showBranding ? 'Hide logo and domain' : 'Logo and domain'}
                  <span className="sr-only"> of {location.name}</span>
                </Button>
              )}
            </div>
            {showClasses && (
              <div id={classesId}>
                {videos ? (
                  <LocationClasses location={location} videos={videos} />
                ) : (
                  <Skeleton className="h-24 w-full" />
                )}
              </div>
            )}
            {showBranding && !main && (
              <div id={brandingId}>
                <LocationBranding location={location} />
              </div>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The two colours the page uses, saying whether they are the gym's. */
function ColourSwatches({ location }: { location: LocationDto }) {
  const own =
    location.overrides.primaryColor !== null || location.overrides.secondaryColor !== null;
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <span
        aria-hidden="true"
        className="size-4 rounded-full border"
        style={{ backgroundColor: location.primaryColor }}
      />
      <span
        aria-hidden="true"
        className="size-4 rounded-full border"
        style={{ backgroundColor: location.secondaryColor }}
      />
      {isMainLocation(location) ? 'Your gym’s colors' : own ? 'Its own colors' : 'The gym’s colors'}
    </p>
  );
}
