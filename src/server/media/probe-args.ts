import { userInputArgs, type Demuxer } from './input-args';

/** What ffprobe tells about a file, reduced to what the pipeline decides on. */
export interface MediaInfo {
  /** The demuxer the file was probed with; every later pass reads it with the same. */
  demuxer: Demuxer;
  durationSeconds: number;
  formatName: string;
  /** The container's comment tag (Cadence marks its own encodes there). */
  comment: string | null;
  /** The container's overall bit rate (bits per second), when known. */
  bitRate: number | null;
  video: VideoStreamInfo;
  audio: AudioStreamInfo | null;
}

/** What ffprobe's answer alone tells (the caller knows the demuxer it asked for). */
export type ProbedInfo = Omit<MediaInfo, 'demuxer'>;

export interface VideoStreamInfo {
  codec: string;
  profile: string | null;
  pixFmt: string | null;
  /** The picture as shown (rotation applied): what ffmpeg's filters see with autorotate on. */
  width: number;
  height: number;
  /** Degrees the player turns the coded picture (0, 90, 180, 270). */
  rotation: number;
  /** Frames per second (average); null when the file does not say. */
  fps: number | null;
  /** How many frames the container says the stream has; null when it does not say. */
  frames: number | null;
  bitRate: number | null;
}

export interface AudioStreamInfo {
  codec: string;
  channels: number;
  sampleRate: number;
  bitRate: number | null;
}

/** The file has no readable video: ffprobe failed, found no video stream or no duration. */
export class UnreadableMediaError extends Error {
  constructor(readonly reason: string) {
    super(`unreadable media: ${reason}`);
    this.name = 'UnreadableMediaError';
  }
}

/** ffprobe's JSON of the format and every stream, reading the file with `demuxer` only. */
export function buildProbeArgs(input: string, demuxer: Demuxer): string[] {
  return [
    '-hide_banner',
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    ...userInputArgs(input, demuxer),
  ];
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  nb_frames?: string;
  r_frame_rate?: string;
  bit_rate?: string;
  duration?: string;
  channels?: number;
  sample_rate?: string;
  tags?: Record<string, string>;
  side_data_list?: Array<{ rotation?: number | string }>;
  disposition?: { attached_pic?: number };
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: {
    format_name?: string;
    duration?: string;
    bit_rate?: string;
    tags?: Record<string, string>;
  };
}

const positive = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** "30000/1001" -> 29.97; "0/0" or nonsense -> null. */
export function parseRate(rate: string | undefined): number | null {
  if (!rate) return null;
  const [num, den = '1'] = rate.split('/');
  const value = Number(num) / Number(den);
  return Number.isFinite(value) && value > 0 && value < 1000 ? value : null;
}

function rotationOf(stream: ProbeStream): number {
  const fromSideData = stream.side_data_list?.find((s) => s.rotation !== undefined)?.rotation;
  const raw = fromSideData ?? stream.tags?.rotate ?? 0;
  const degrees = Math.round(Number(raw)) || 0;
  return ((degrees % 360) + 360) % 360;
}

/** Reads ffprobe's JSON; throws UnreadableMediaError when there is nothing to play. */
export function parseProbe(json: string): ProbedInfo {
  let data: ProbeOutput;
  try {
    data = JSON.parse(json) as ProbeOutput;
  } catch {
    throw new UnreadableMediaError('ffprobe answered no JSON');
  }
  const streams = data.streams ?? [];
  const video = streams.find(
    (s) =>
      s.codec_type === 'video' &&
      !s.disposition?.attached_pic &&
      positive(s.width) &&
      positive(s.height),
  );
  if (!video) throw new UnreadableMediaError('no video stream');
  const audio = streams.find((s) => s.codec_type === 'audio' && s.codec_name);
  const duration =
    positive(data.format?.duration) ??
    positive(video.duration) ??
    positive(audio?.duration) ??
    null;
  if (duration === null) throw new UnreadableMediaError('no duration');

  const rotation = rotationOf(video);
  const turned = rotation === 90 || rotation === 270;
  const codedWidth = video.width!;
  const codedHeight = video.height!;
  return {
    durationSeconds: duration,
    formatName: data.format?.format_name ?? 'unknown',
    comment: data.format?.tags?.comment ?? null,
    bitRate: positive(data.format?.bit_rate),
    video: {
      codec: video.codec_name ?? 'unknown',
      profile: video.profile ?? null,
      pixFmt: video.pix_fmt ?? null,
      width: turned ? codedHeight : codedWidth,
      height: turned ? codedWidth : codedHeight,
      rotation,
      fps: parseRate(video.avg_frame_rate) ?? parseRate(video.r_frame_rate),
      frames: positive(video.nb_frames),
      bitRate: positive(video.bit_rate),
    },
    audio: audio
      ? {
          codec: audio.codec_name!,
          channels: positive(audio.channels) ?? 2,
          sampleRate: positive(audio.sample_rate) ?? 48000,
          bitRate: positive(audio.bit_rate),
        }
      : null,
  };
}

/**
 * The video's own bit rate: the stream's when the container says, else the container's minus a
 * typical audio track; null when unknown.
 */
export function videoBitRate(info: ProbedInfo): number | null {
  if (info.video.bitRate) return info.video.bitRate;
  if (!info.bitRate) return null;
  const audio = info.audio ? (info.audio.bitRate ?? 128_000) : 0;
  return Math.max(100_000, info.bitRate - audio);
}
