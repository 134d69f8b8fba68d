import { correction, generate } from "lean-qr";
import { toSvgPath } from "lean-qr/extras/svg";
import { type CSSProperties, useMemo } from "react";

/** The quiet zone around the modules (ISO 18004 asks for 4 modules): white, part of the image. */
const QUIET_ZONE = 4;

/**
 * A QR code of a URL, drawn as SVG (dark modules on white with its quiet zone), as wide as its box allows. Named
 * for screen readers by the link it encodes.
 */
export function QrImage({
  url,
  label = `QR code for ${url}`,
  style,
}: {
  url: string;
  /** What a screen reader says of the image. */
  label?: string;
  style?: CSSProperties;
}) {
  // Correction level M (15 %): still read when the screen glares or a printed copy is creased.
  const code = useMemo(() => generate(url, { minCorrectionLevel: correction.M }), [url]);
  const path = useMemo(() => toSvgPath(code), [code]);
  const side = code.size + 2 * QUIET_ZONE;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}`}
      shapeRendering="crispEdges"
      data-url={url}
      style={{ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1", ...style }}
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={side} height={side} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
