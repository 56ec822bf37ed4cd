import type { DrawingPoint, DrawingShape } from '@app/contracts';
import {
  angleDegrees,
  circleRadius,
  formatDegrees,
  type BoxPoint,
  type Size,
} from '@/features/annotations/utils/drawing-geometry';

/** Line width in CSS pixels: readable on a phone, not heavy on a large screen, hairline in a preview. */
export const strokeWidthFor = (size: Size): number => Math.min(6, Math.max(1.25, size.height * 0.007));
const fontSizeFor = (size: Size): number => Math.min(28, Math.max(7, size.height * 0.045));

/** A dark outline, or a light one for the darkest colours, so labels read on any picture. */
function haloFor(color: string): string {
  const value = Number.parseInt(color.slice(1), 16);
  const luminance = (0.299 * ((value >> 16) & 255) + 0.587 * ((value >> 8) & 255) + 0.114 * (value & 255)) / 255;
  return luminance > 0.3 ? 'rgb(0 0 0 / 0.8)' : 'rgb(255 255 255 / 0.85)';
}

type MarkProps = {
  shape: DrawingShape;
  /** The picture as rendered, in CSS pixels (the SVG's user units). */
  size: Size;
  /** The video's own pixels: angles are measured there. */
  video: Size;
  stroke: number;
  fontSize: number;
};

const toPixels = ([x, y]: DrawingPoint, size: Size): BoxPoint => [x * size.width, y * size.height];
const pointList = (points: BoxPoint[]) => points.map(([x, y]) => `${x},${y}`).join(' ');

function ArrowMark({ shape, size, stroke }: MarkProps) {
  const [tail, tip] = shape.points.map((point) => toPixels(point, size)) as [BoxPoint, BoxPoint];
  const length = Math.hypot(tip[0] - tail[0], tip[1] - tail[1]) || 1;
  const ux = (tip[0] - tail[0]) / length;
  const uy = (tip[1] - tail[1]) / length;
  const head = Math.min(Math.max(stroke * 4, 9), length * 0.6);
  const halfWidth = head * 0.55;
  const baseX = tip[0] - ux * head;
  const baseY = tip[1] - uy * head;
  // The shaft stops inside the head, so its width never shows past the point.
  const shaftEnd: BoxPoint = [tip[0] - ux * head * 0.8, tip[1] - uy * head * 0.8];
  return (
    <>
      <line
        data-part="shaft"
        x1={tail[0]}
        y1={tail[1]}
        x2={shaftEnd[0]}
        y2={shaftEnd[1]}
        stroke={shape.color}
        strokeWidth={stroke}
        strokeLinecap="round"
      />
      <polygon
        data-part="head"
        points={pointList([
          tip,
          [baseX - uy * halfWidth, baseY + ux * halfWidth],
          [baseX + uy * halfWidth, baseY - ux * halfWidth],
        ])}
        fill={shape.color}
        stroke={shape.color}
        strokeWidth={stroke / 2}
        strokeLinejoin="round"
      />
    </>
  );
}

function AngleMark({ shape, size, video, stroke, fontSize }: MarkProps) {
  const [first, vertex, second] = shape.points.map((point) => toPixels(point, size)) as [BoxPoint, BoxPoint, BoxPoint];
  const degrees = angleDegrees(shape.points[0]!, shape.points[1]!, shape.points[2]!, video);
  const armA = Math.hypot(first[0] - vertex[0], first[1] - vertex[1]);
  const armB = Math.hypot(second[0] - vertex[0], second[1] - vertex[1]);
  let arc = null;
  let label = null;
  if (degrees !== null && armA > 0 && armB > 0) {
    const ua: BoxPoint = [(first[0] - vertex[0]) / armA, (first[1] - vertex[1]) / armA];
    const ub: BoxPoint = [(second[0] - vertex[0]) / armB, (second[1] - vertex[1]) / armB];
    const radius = Math.max(6, Math.min(40, armA * 0.3, armB * 0.3));
    // y grows downwards: a positive cross product turns clockwise on screen (sweep flag 1).
    const sweep = ua[0] * ub[1] - ua[1] * ub[0] > 0 ? 1 : 0;
    arc = (
      <path
        data-part="arc"
        d={`M ${vertex[0] + ua[0] * radius} ${vertex[1] + ua[1] * radius} A ${radius} ${radius} 0 0 ${sweep} ${vertex[0] + ub[0] * radius} ${vertex[1] + ub[1] * radius}`}
        fill="none"
        stroke={shape.color}
        strokeWidth={Math.max(1, stroke * 0.6)}
      />
    );
    // The label sits on the bisector, outside the arc (or across a straight angle's line).
    let bx = ua[0] + ub[0];
    let by = ua[1] + ub[1];
    const bisector = Math.hypot(bx, by);
    if (bisector < 1e-6) {
      bx = -ua[1];
      by = ua[0];
    } else {
      bx /= bisector;
      by /= bisector;
    }
    const distance = radius + fontSize * 1.1;
    label = (
      <text
        data-part="degrees"
        x={vertex[0] + bx * distance}
        y={vertex[1] + by * distance}
        fill={shape.color}
        stroke={haloFor(shape.color)}
        strokeWidth={Math.max(2, fontSize * 0.18)}
        paintOrder="stroke"
        fontSize={fontSize}
        fontWeight={700}
        textAnchor="middle"
        dominantBaseline="middle"
      >
        {formatDegrees(degrees)}
      </text>
    );
  }
  return (
    <>
      <polyline
        data-part="arms"
        points={pointList([first, vertex, second])}
        fill="none"
        stroke={shape.color}
        strokeWidth={stroke}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {arc}
      {label}
    </>
  );
}

function ShapeMark(props: MarkProps) {
  const { shape, size, stroke, fontSize } = props;
  const outline = {
    fill: 'none',
    stroke: shape.color,
    strokeWidth: stroke,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  switch (shape.type) {
    case 'arrow':
      return <ArrowMark {...props} />;
    case 'line': {
      const [from, to] = shape.points.map((point) => toPixels(point, size)) as [BoxPoint, BoxPoint];
      return <line data-part="line" x1={from[0]} y1={from[1]} x2={to[0]} y2={to[1]} {...outline} />;
    }
    case 'rectangle': {
      const [a, b] = shape.points.map((point) => toPixels(point, size)) as [BoxPoint, BoxPoint];
      return (
        <rect
          data-part="rectangle"
          x={Math.min(a[0], b[0])}
          y={Math.min(a[1], b[1])}
          width={Math.abs(b[0] - a[0])}
          height={Math.abs(b[1] - a[1])}
          {...outline}
        />
      );
    }
    case 'circle': {
      const [centre] = shape.points.map((point) => toPixels(point, size)) as [BoxPoint];
      const radius = circleRadius(shape.points[0]!, shape.points[1]!, size);
      return <circle data-part="circle" cx={centre[0]} cy={centre[1]} r={radius} {...outline} />;
    }
    case 'freehand':
      return (
        <polyline
          data-part="stroke"
          points={pointList(shape.points.map((point) => toPixels(point, size)))}
          {...outline}
        />
      );
    case 'text': {
      const [anchor] = shape.points.map((point) => toPixels(point, size)) as [BoxPoint];
      return (
        <text
          data-part="label"
          x={anchor[0]}
          y={anchor[1]}
          fill={shape.color}
          stroke={haloFor(shape.color)}
          strokeWidth={Math.max(2, fontSize * 0.18)}
          paintOrder="stroke"
          fontSize={fontSize}
          fontWeight={700}
          // A label near the right edge runs leftwards from its point, so it stays on the picture.
          textAnchor={shape.points[0]![0] > 0.66 ? 'end' : 'start'}
          dominantBaseline="middle"
        >
          {shape.label}
        </text>
      );
    }
    case 'angle':
      return <AngleMark {...props} />;
  }
}

type DrawingShapesProps = {
  shapes: DrawingShape[];
  /** The picture as rendered, in CSS pixels. */
  size: Size;
  /** The video's own pixels, for the angles' degrees. */
  video: Size;
};

/** The marks of a drawing, in an SVG whose user units are the rendered picture's CSS pixels. */
export function DrawingShapes({ shapes, size, video }: DrawingShapesProps) {
  const stroke = strokeWidthFor(size);
  const fontSize = fontSizeFor(size);
  return (
    <>
      {shapes.map((shape, index) => (
        <g key={index} className="drawing-shape" data-shape={shape.type} data-shape-index={index}>
          <ShapeMark shape={shape} size={size} video={video} stroke={stroke} fontSize={fontSize} />
        </g>
      ))}
    </>
  );
}
