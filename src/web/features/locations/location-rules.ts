import {
  MAIN_LOCATION,
  type LocationBody,
  type LocationDto,
  type LocationsView,
} from '@shared/locations.contract';

/** The account's own gym: its name and slug are changed on Gym Customization, and it is never deleted. */
export function isMainLocation(location: Pick<LocationDto, 'id'>): boolean {
  return location.id === MAIN_LOCATION;
}

/** The plan includes further locations and the account has room for one more. */
export function canAddLocation(
  view: Pick<LocationsView, 'allowed' | 'limit' | 'locations'>,
): boolean {
  return view.allowed && view.locations.length < view.limit;
}

/** "1 class", "3 classes". */
export function classCount(count: number): string {
  return `${count} ${count === 1 ? 'class' : 'classes'}`;
}

/**
 * The classes that only `locationId` offers: deleting it sends them back to the first location,
 * as the confirmation says.
 */
export function classesOnlyAt(
  locations: readonly Pick<LocationDto, 'id' | 'videoIds'>[],
  locationId: string,
): string[] {
  const here = locations.find((l) => l.id === locationId);
  if (!here) return [];
  const elsewhere = new Set(
    locations.filter((l) => l.id !== locationId).flatMap((l) => l.videoIds),
  );
  return here.videoIds.filter((id) => !elsewhere.has(id));
}

/** The add/edit form's starting values: a new location keeps the gym's colours. */
export function locationFormValues(location: LocationDto | null): LocationBody {
  if (!location) return { name: '', slug: '', primaryColor: null, secondaryColor: null };
  return {
    name: location.name,
    slug: location.slug,
    primaryColor: location.overrides.primaryColor,
    secondaryColor: location.overrides.secondaryColor,
  };
}

/**
 * Turning "Use the gym's colours" off starts each colour from the one the page shows now (the
 * override, else the gym's), so the page looks the same until the owner picks another.
 */
export function ownColours(
  gym: Pick<LocationDto, 'primaryColor' | 'secondaryColor'>,
  values: Pick<LocationBody, 'primaryColor' | 'secondaryColor'>,
): { primaryColor: string; secondaryColor: string } {
  return {
    primaryColor: values.primaryColor ?? gym.primaryColor,
    secondaryColor: values.secondaryColor ?? gym.secondaryColor,
  };
}

/**
 * The checklist with one class ticked or unticked, in the owner's list order. Only classes the list
 * shows are kept (one deleted meanwhile is not sent back).
 */
export function toggleClass(
  selected: readonly string[],
  videoId: string,
  on: boolean,
  order: readonly string[],
): string[] {
  const next = new Set(selected);
  if (on) next.add(videoId);
  else next.delete(videoId);
  return order.filter((id) => next.has(id));
}

/** The same classes, in any order. */
export function sameClasses(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}
