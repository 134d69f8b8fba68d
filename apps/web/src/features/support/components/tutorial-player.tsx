import type { TutorialItem } from "@fieldlead/contracts";
import { Anchor, AspectRatio, Box, VisuallyHidden } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { useEffect, useRef } from "react";

const frameStyle = {
  border: 0,
  borderRadius: "var(--mantine-radius-md)",
  background: "var(--mantine-color-black)",
  width: "100%",
  height: "100%",
} as const;

/**
 * An uploaded video. Its link expires, so the list is read again from time to time: a new link keeps the place
 * and whether it was playing, and a link that stopped working (the video errs) asks for the list again.
 */
function FileVideo({ src, title, onExpired }: { src: string; title: string; onExpired: () => void }) {
  const position = useRef({ time: 0, playing: false });
  const resume = useRef<{ time: number; playing: boolean } | null>(null);
  const failed = useRef<string | null>(null);
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the link changes, to keep the place
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (position.current.time > 0) resume.current = { ...position.current };
  }, [src]);

  return (
    <AspectRatio ratio={16 / 9}>
      {/* biome-ignore lint/a11y/useMediaCaption: an uploaded tutorial carries no caption file (the contract has none) */}
      <video
        src={src}
        controls
        preload="metadata"
        aria-label={`Video: ${title}`}
        style={frameStyle}
        onTimeUpdate={(e) => {
          position.current = { time: e.currentTarget.currentTime, playing: !e.currentTarget.paused };
        }}
        onLoadedMetadata={(e) => {
          const at = resume.current;
          resume.current = null;
          if (!at) return;
          e.currentTarget.currentTime = at.time;
          if (at.playing) void e.currentTarget.play().catch(() => undefined);
        }}
        onError={() => {
          if (failed.current === src) return;
          failed.current = src;
          onExpired();
        }}
      />
    </AspectRatio>
  );
}

/**
 * A tutorial's video: an uploaded file plays here; a link to a known host (YouTube, Vimeo) plays in its player; any
 * other link opens in a new tab.
 */
export function TutorialPlayer({ tutorial, onExpired }: { tutorial: TutorialItem; onExpired: () => void }) {
  const { video, title } = tutorial;
  if (video.kind === "file")
    return (
      <FileVideo src={video.file.previewUrl ?? video.file.downloadUrl} title={title} onExpired={onExpired} />
    );
  if (video.embedUrl)
    return (
      <AspectRatio ratio={16 / 9}>
        <iframe
          src={video.embedUrl}
          title={`Video: ${title}`}
          style={frameStyle}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
        />
      </AspectRatio>
    );
  return (
    <Box>
      <Anchor
        href={video.url}
        target="_blank"
        rel="noopener noreferrer"
        fw={600}
        style={{ display: "inline-flex", alignItems: "center", gap: 6 }}
      >
        Watch the video
        <VisuallyHidden>{` “${title}” (opens in a new tab)`}</VisuallyHidden>
        <IconExternalLink size={16} aria-hidden />
      </Anchor>
    </Box>
  );
}
