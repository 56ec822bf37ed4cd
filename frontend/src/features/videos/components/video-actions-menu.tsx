import { DropdownMenu } from '@/components/ui/dropdown-menu';
import { MoreVerticalIcon, PencilIcon, ShareIcon, TrashIcon } from '@/components/ui/icons';
import type { Video } from '@/features/videos/api/get-videos';
import { shareVideo } from '@/features/videos/utils/share-video';

type VideoActionsMenuProps = {
  video: Video;
  onEdit: (video: Video) => void;
  onDelete: (video: Video) => void;
};

/** Share, Edit and Delete for one of the member's own videos (My Videos). */
export function VideoActionsMenu({ video, onEdit, onDelete }: VideoActionsMenuProps) {
  return (
    <DropdownMenu
      label="Video actions"
      triggerClassName="icon-button icon-button--overlay"
      triggerTestId="video-actions"
      trigger={<MoreVerticalIcon size={18} />}
      items={[
        { kind: 'action', label: 'Share', icon: <ShareIcon size={16} />, onSelect: () => void shareVideo(video) },
        { kind: 'action', label: 'Edit', icon: <PencilIcon size={16} />, onSelect: () => onEdit(video) },
        {
          kind: 'action',
          label: 'Delete',
          icon: <TrashIcon size={16} />,
          danger: true,
          onSelect: () => onDelete(video),
        },
      ]}
    />
  );
}
