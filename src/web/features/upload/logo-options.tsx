import { useEffect, useId, useRef, useState } from 'react';
import { AlertTriangle, ImageIcon, X } from 'lucide-react';
import {
  LOGO_ACCEPT,
  LOGO_CORNER_LABELS,
  LOGO_CORNERS,
  LOGO_MARGIN_SHARE,
  LOGO_OPACITY_LIMITS,
  LOGO_SIZE_LIMITS,
  VIDEO_MESSAGES,
  type LogoPlacement,
} from '@shared/videos.contract';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/utils';

/** An object URL for a file while it is shown (revoked after). */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * The frame the logo is previewed on: the chosen video's first frame (a paused <video>), with the
 * logo laid over it by the same rule ffmpeg follows (a share of the frame's width, the margin a
 * share of the width on both axes, in container units so the preview scales).
 */
function LogoPreview({
  video,
  logoSrc,
  placement,
}: {
  video: File | null;
  logoSrc: string | null;
  placement: LogoPlacement;
}) {
  const videoUrl = useObjectUrl(video);
  const [ratio, setRatio] = useState(16 / 9);
  const margin = `${LOGO_MARGIN_SHARE * 100}cqw`;
  const [vertical, horizontal] = placement.corner.split('-') as [
    'top' | 'bottom',
    'left' | 'right',
  ];
  return (
    <figure className="space-y-1.5">
      <div
        className="relative w-full overflow-hidden rounded-lg border bg-muted [container-type:inline-size]"
        style={{ aspectRatio: ratio }}
        data-testid="logo-preview"
      >
        {videoUrl && (
          <video
            src={`${videoUrl}#t=0.1`}
            muted
            playsInline
            preload="auto"
            aria-hidden="true"
            className="size-full object-contain"
            onLoadedMetadata={(event) => {
              const { videoWidth, videoHeight } = event.currentTarget;
              if (videoWidth && videoHeight) setRatio(videoWidth / videoHeight);
            }}
          />
        )}
        {logoSrc && (
          <img
            src={logoSrc}
            alt=""
            className="absolute h-auto"
            data-testid="logo-preview-logo"
            style={{
              width: `${placement.size}cqw`,
              opacity: placement.opacity / 100,
              [vertical]: margin,
              [horizontal]: margin,
            }}
          />
        )}
      </div>
      <figcaption className="text-xs text-muted-foreground">
        Preview on the first frame: the logo is burned in exactly like this.
      </figcaption>
    </figure>
  );
}

export interface LogoOptionsProps {
  /** The video being uploaded (its first frame is the preview). */
  video: File | null;
  /** A logo file chosen for this video only; otherwise the gym's logo is used. */
  logo: File | null;
  /** The gym's logo from Customize, or null. */
  gymLogoUrl: string | null;
  placement: LogoPlacement;
  onPlacementChange: (placement: LogoPlacement) => void;
  /** Add Logo is on with no logo at all (no file, no gym logo). */
  logoMissing: boolean;
  busy: boolean;
  onChooseLogo: (file: File) => void;
  onRemoveLogo: () => void;
}

/**
 * Add Logo's options (issue #15, logo done once): the gym's logo by default (or a file for this
 * video), the corner, the size and the opacity, previewed on the video's first frame.
 */
export function LogoOptions({
  video,
  logo,
  gymLogoUrl,
  placement,
  onPlacementChange,
  logoMissing,
  busy,
  onChooseLogo,
  onRemoveLogo,
}: LogoOptionsProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const chosenUrl = useObjectUrl(logo);
  const logoSrc = chosenUrl ?? gymLogoUrl;
  const ids = {
    input: `${id}-input`,
    hint: `${id}-hint`,
    warning: `${id}-warning`,
    size: `${id}-size`,
    opacity: `${id}-opacity`,
  };
  const set = (patch: Partial<LogoPlacement>) => onPlacementChange({ ...placement, ...patch });

  return (
    <div className="space-y-4" data-testid="logo-options">
      <div className="space-y-2">
        <Label htmlFor={ids.input}>Logo file</Label>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={busy}
            aria-describedby={ids.hint}
            onClick={() => inputRef.current?.click()}
          >
            <ImageIcon aria-hidden="true" />
            {logo ? 'Change logo' : gymLogoUrl ? 'Use another logo' : 'Choose logo'}
          </Button>
          {logo && (
            <span className="flex min-w-0 items-center gap-1 text-sm">
              <span className="truncate" title={logo.name}>
                {logo.name}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                disabled={busy}
                aria-label="Remove logo"
                onClick={onRemoveLogo}
              >
                <X aria-hidden="true" />
              </Button>
            </span>
          )}
          <input
            ref={inputRef}
            id={ids.input}
            type="file"
            accept={LOGO_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-describedby={logoMissing ? `${ids.hint} ${ids.warning}` : ids.hint}
            onChange={(event) => {
              const next = event.target.files?.[0];
              event.target.value = '';
              if (next) onChooseLogo(next);
            }}
          />
        </div>
        <p id={ids.hint} className="text-xs text-muted-foreground">
          {!logo && gymLogoUrl
            ? "Your gym's logo from Customize is used. To use another one: PNG, JPG, SVG"
            : 'PNG, JPG, SVG'}
        </p>
        {logoMissing && (
          <p id={ids.warning} className="flex items-center gap-2 text-sm font-medium">
            <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-warning" />
            {VIDEO_MESSAGES.logoRequiredWarning}
          </p>
        )}
      </div>

      {logoSrc && (
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]">
          <LogoPreview video={video} logoSrc={logoSrc} placement={placement} />
          <div className="space-y-4">
            <fieldset className="space-y-2" disabled={busy}>
              <legend className="text-sm font-medium">Corner</legend>
              <div className="grid grid-cols-2 gap-2">
                {LOGO_CORNERS.map((corner) => (
                  <label
                    key={corner}
                    className={cn(
                      'flex cursor-pointer items-center justify-center rounded-md border px-2 py-1.5 text-sm has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50',
                      placement.corner === corner && 'border-primary bg-primary/10 font-medium',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-corner`}
                      value={corner}
                      checked={placement.corner === corner}
                      onChange={() => set({ corner })}
                      className="sr-only"
                    />
                    {LOGO_CORNER_LABELS[corner]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="space-y-1">
              <Label htmlFor={ids.size}>Size: {placement.size}% of the width</Label>
              <input
                id={ids.size}
                type="range"
                min={LOGO_SIZE_LIMITS.min}
                max={LOGO_SIZE_LIMITS.max}
                step={1}
                value={placement.size}
                disabled={busy}
                onChange={(event) => set({ size: Number(event.target.value) })}
                className="w-full accent-primary"
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor={ids.opacity}>Opacity: {placement.opacity}%</Label>
              <input
                id={ids.opacity}
                type="range"
                min={LOGO_OPACITY_LIMITS.min}
                max={LOGO_OPACITY_LIMITS.max}
                step={5}
                value={placement.opacity}
                disabled={busy}
                onChange={(event) => set({ opacity: Number(event.target.value) })}
                className="w-full accent-primary"
              />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
