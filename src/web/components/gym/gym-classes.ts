import { DEFAULT_INSTRUCTOR, type Difficulty } from '@shared/class-details';
import type { PublicGymVideo } from '@shared/gyms.contract';

/** Where this tablet stopped: the clock ('5:30') and the share of the class ridden (0-1). */
export interface ClassProgress {
  at: string;
  fraction: number;
}

/** Who leads a class as the page shows it: the studio's instructor, or the default words (id null). */
export interface ClassInstructor {
  id: string | null;
  name: string;
  photoUrl: string | null;
}

/** A class as the public page shows it (product.md §3 Class display, issue #20 class details). */
export interface GymClass {
  id: string;
  title: string;
  instructor: ClassInstructor;
  duration: string;
  /** The length in seconds when known: the duration filter and the minutes of content. */
  durationSeconds: number | null;
  difficulty: Difficulty;
  /** Endurance, HIIT… or the studio's own word; null when not set. */
  classType: string | null;
  thumbnailUrl: string | null;
  /** Where this tablet stopped in the class, when it is in progress here. */
  inProgress?: ClassProgress;
}

const NO_INSTRUCTOR: ClassInstructor = { id: null, name: DEFAULT_INSTRUCTOR, photoUrl: null };

export function toGymClasses(videos: readonly PublicGymVideo[]): GymClass[] {
  return videos.map((video) => ({
    id: video.id,
    title: video.title,
    instructor: video.instructor ?? NO_INSTRUCTOR,
    duration: video.duration,
    durationSeconds: video.durationSeconds,
    // The answer's difficulty is the default (DEFAULT_DIFFICULTY) where the owner set none.
    difficulty: video.difficulty,
    classType: video.classType,
    thumbnailUrl: video.thumbnailUrl,
  }));
}

function demoClass(
  id: string,
  title: string,
  minutes: number,
  difficulty: Difficulty,
  classType: string,
): GymClass {
  return {
    id,
    title,
    instructor: NO_INSTRUCTOR,
    duration: `${minutes} min`,
    durationSeconds: minutes * 60,
    difficulty,
    classType,
    thumbnailUrl: null,
  };
}

/** product.md §2: the demo variant's sample classes, shown when the gym has none. */
export const DEMO_CLASSES: readonly GymClass[] = [
  demoClass('demo-hiit', 'High Intensity Interval Training', 45, 'Advanced', 'HIIT'),
  demoClass('demo-morning', 'Morning Energy Boost', 30, 'Intermediate', 'Rhythm'),
  demoClass('demo-beginner', "Beginner's Spin Journey", 35, 'Beginner', 'Endurance'),
  demoClass('demo-cardio', 'Cardio Burn Challenge', 50, 'Advanced', 'Power'),
];

export const DEMO_NOTICE = "Sample classes — your instructor's classes will appear here";

/** The classes to show: the gym's own, or the samples (marked as a demo) when it has none. */
export function classesToShow(videos: readonly PublicGymVideo[]): {
  classes: readonly GymClass[];
  isDemo: boolean;
} {
  return videos.length > 0
    ? { classes: toGymClasses(videos), isDemo: false }
    : { classes: DEMO_CLASSES, isDemo: true };
}

/** The stat cards' figures (issue #20): the demo keeps its sample figures. */
export interface GymFigures {
  /** Minutes of content: the classes' lengths added up. */
  minutes: string;
  /** How many of the difficulty levels the classes cover. */
  levels: string;
}

export function gymFigures(classes: readonly GymClass[], isDemo: boolean): GymFigures {
  if (isDemo) return { minutes: '150+', levels: '3' };
  const seconds = classes.reduce((sum, c) => sum + (c.durationSeconds ?? 0), 0);
  const levels = new Set(classes.map((c) => c.difficulty)).size;
  return { minutes: Math.round(seconds / 60).toLocaleString('en-US'), levels: String(levels) };
}
