import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { Pause, Play, VolumeX } from 'lucide-react';
import type { EnhancementReport, VideoDto } from '@shared/videos.contract';
import { Button } from '@web/components/ui/button';
import { formatClock } from '@shared/format';
import { cn } from '@web/lib/utils';

type Side = 'original' | 'enhanced';

/**
 * The short A/B audio of an enhanced class (issue #15): the same stretch of the raw upload and of
 * the enhanced file, one play/pause button and an Original / Enhanced switch that keeps the
 * position (two <audio> elements: a switch moves the other one to the same time and plays it in
 * place of the first). Without sound in the class it says so; a report from before the clips
 * shows nothing.
 */
export function AudioCompare({
  report,
  clips,
}: {
  report: EnhancementReport;
  clips: VideoDto['audioClips'];
}) {
  const audio = report.changes.find((change) => change.kind === 'audio');
  if (!audio) {
    return (
      <p
        className="flex items-center gap-2 rounded-lg border bg-muted/30 p-3 text-sm text-muted-foreground"
        data-testid="audio-compare-none"
      >
        <VolumeX aria-hidden="true" className="size-4 shrink-0" />
        This class has no sound to compare.
      </p>
    );
  }
  if (!clips || !report.audioClip) return null;
  return (
    <AudioSwitch
      clips={clips}
      window={report.audioClip}
      loudness={{ original: Math.round(audio.fromLufs), enhanced: Math.round(audio.toLufs) }}
    />
  );
}

function AudioSwitch({
  clips,
  window,
  loudness,
}: {
  clips: NonNullable<VideoDto['audioClips']>;
  window: NonNullable<EnhancementReport['audioClip']>;
  loudness: Record<Side, number>;
}) {
  const name = useId();
  const original = useRef<HTMLAudioElement>(null);
  const enhanced = useRef<HTMLAudioElement>(null);
  // The side playing now, read by the elements' events (a switch pauses the other one first).
  const active = useRef<Side>('original');
  const [side, setSide] = useState<Side>('original');
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const element = (s: Side) => (s === 'original' ? original.current : enhanced.current);

  function play(el: HTMLAudioElement) {
    el.play().catch(() => setPlaying(false));
  }

  function switchTo(next: Side) {
    const from = element(active.current);
    const to = element(next);
    if (next === active.current || !from || !to) return;
    active.current = next;
    setSide(next);
    to.currentTime = from.currentTime;
    if (!from.paused) {
      from.pause();
      play(to);
    }
  }

  function toggle() {
    const el = element(active.current);
    if (!el) return;
    if (el.paused) play(el);
    else el.pause();
  }

  const events = (s: Side) => ({
    onPlay: () => s === active.current && setPlaying(true),
    onPause: () => s === active.current && setPlaying(false),
    onTimeUpdate: (event: SyntheticEvent<HTMLAudioElement>) =>
      s === active.current && setTime(event.currentTarget.currentTime),
  });

  const share = Math.min(100, (time / Math.max(0.1, window.duration)) * 100);
  return (
    <section className="space-y-2 rounded-lg border bg-muted/30 p-3" data-testid="audio-compare">
      <div>
        <h3 className="text-sm font-semibold">Hear the difference</h3>
        <p className="text-xs text-muted-foreground">
          The same {Math.round(window.duration)} seconds of the class (from{' '}
          {formatClock(window.start)}), before and after enhancement.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          size="icon"
          className="rounded-full"
          aria-label={playing ? 'Pause' : 'Play'}
          onClick={toggle}
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </Button>
        <fieldset className="inline-flex rounded-md border bg-background p-0.5">
          <legend className="sr-only">Sound to play</legend>
          {(['original', 'enhanced'] as const).map((s) => (
            <label
              key={s}
              className={cn(
                'flex cursor-pointer flex-col rounded px-3 py-1 text-center text-sm leading-tight',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                side === s ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
              )}
            >
              <input
                type="radio"
                name={name}
                value={s}
                checked={side === s}
                onChange={() => switchTo(s)}
                className="sr-only"
              />
              <span className="font-medium">{s === 'original' ? 'Original' : 'Enhanced'}</span>
              <span className={cn('text-xs tabular-nums', side !== s && 'text-muted-foreground')}>
                {loudness[s]} LUFS
              </span>
            </label>
          ))}
        </fieldset>
        <span className="text-xs text-muted-foreground tabular-nums" data-testid="audio-time">
          {formatClock(time)} / {formatClock(window.duration)}
        </span>
      </div>
      <div aria-hidden="true" className="h-1 overflow-hidden rounded-full bg-border">
        <div className="h-full bg-primary" style={{ width: `${share}%` }} />
      </div>
      <audio ref={original} src={clips.beforeUrl} preload="auto" {...events('original')} />
      <audio ref={enhanced} src={clips.afterUrl} preload="auto" {...events('enhanced')} />
    </section>
  );
}
