import type { PublicGymVideo } from '@shared/gyms.contract';

export type Difficulty = 'Beginner' | 'Intermediate' | 'Advanced';

/** Where this tablet stopped: the clock ('5:30') and the share of the class ridden (0-1). */
export interface ClassProgress {
  at: string;
  fraction: number;
}

/** A class as the public page shows it (product.md §3 Class display). */
export interface GymClass {
  id: string;
  title: string;
  instructor: string;
  duration: string;
  difficulty: Difficulty;
  thumbnailUrl: string | null;
  /** Where this tablet stopped in the class, when it is in progress here. */
  inProgress?: ClassProgress;
}

/** product.md §3: public videos show 'Instructor' and a fixed Intermediate difficulty. */
export const DEFAULT_INSTRUCTOR = 'Instructor';
export const PUBLIC_VIDEO_DIFFICULTY: Difficulty = 'Intermediate';

export function toGymClasses(videos: readonly PublicGymVideo[]): GymClass[] {
  return videos.map((video) => ({
    id: video.id,
    title: video.title,
    instructor: DEFAULT_INSTRUCTOR,
    duration: video.duration,
    difficulty: PUBLIC_VIDEO_DIFFICULTY,
    thumbnailUrl: video.thumbnailUrl,
  }));
}

/** product.md §2: the demo variant's sample classes, shown when the gym has none. */
export const DEMO_CLASSES: readonly GymClass[] = [
  {
    id: 'demo-hiit',
    title: 'High Intensity Interval Training',
    instructor: DEFAULT_INSTRUCTOR,
    duration: '45 min',
    difficulty: 'Advanced',
    thumbnailUrl: null,
  },
  {
    id: 'demo-morning',
    title: 'Morning Energy Boost',
    instructor: DEFAULT_INSTRUCTOR,
    duration: '30 min',
    difficulty: 'Intermediate',
    thumbnailUrl: null,
  },
  {
    id: 'demo-beginner',
    title: "Beginner's Spin Journey",
    instructor: DEFAULT_INSTRUCTOR,
    duration: '35 min',
    difficulty: 'Beginner',
    thumbnailUrl: null,
  },
  {
    id: 'demo-cardio',
    title: 'Cardio Burn Challenge',
    instructor: DEFAULT_INSTRUCTOR,
    duration: '50 min',
    difficulty: 'Advanced',
    thumbnailUrl: null,
  },
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
