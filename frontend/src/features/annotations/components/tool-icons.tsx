import type { ReactNode } from 'react';
import { BaseIcon } from '@/components/ui/icons';
import type { DrawingTool } from '@/features/annotations/utils/drawing-editor';

const TOOL_PATHS: Record<DrawingTool, ReactNode> = {
  arrow: (
    <>
      <line x1="5" y1="19" x2="19" y2="5" />
      <polyline points="10 5 19 5 19 14" />
    </>
  ),
  line: <line x1="5" y1="19" x2="19" y2="5" />,
  circle: <circle cx="12" cy="12" r="8" />,
  rectangle: <rect x="4" y="6" width="16" height="12" rx="1" />,
  freehand: <path d="M4 16c2-6 4-8 6-5s3 5 5 2 3-6 5-7" />,
  text: (
    <>
      <polyline points="5 7 5 5 19 5 19 7" />
      <line x1="12" y1="5" x2="12" y2="19" />
      <line x1="9" y1="19" x2="15" y2="19" />
    </>
  ),
  angle: (
    <>
      <polyline points="20 19 4 19 15 6" />
      <path d="M9 19a5 5 0 0 0-1.5-3.8" />
    </>
  ),
};

export function ToolIcon({ tool, size = 18 }: { tool: DrawingTool; size?: number }) {
  return <BaseIcon size={size}>{TOOL_PATHS[tool]}</BaseIcon>;
}

export function UndoIcon({ size = 18 }: { size?: number }) {
  return (
    <BaseIcon size={size}>
      <polyline points="9 14 4 9 9 4" />
      <path d="M4 9h10a6 6 0 0 1 0 12h-3" />
    </BaseIcon>
  );
}

export function BrushIcon({ size = 18 }: { size?: number }) {
  return (
    <BaseIcon size={size}>
      <path d="M18.4 2.6a2 2 0 0 1 3 3L12 15l-4-4z" />
      <path d="M7 14c-2 0-3.5 1.5-3.5 3.5 0 1.5-1 2.5-1.5 3 3.5.5 7-.5 7-4z" />
    </BaseIcon>
  );
}
