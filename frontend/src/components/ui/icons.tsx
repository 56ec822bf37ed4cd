import type { ReactElement, SVGProps } from 'react';
import {
  ArrowLeft,
  Award,
  Bell,
  Bookmark,
  Calendar,
  Camera,
  Check,
  ChevronDown,
  CircleExclamationPoint,
  Clock,
  EllipsisVertical,
  Eye,
  Film,
  Folder,
  Gauge,
  Keyboard,
  Link,
  LogOut,
  Mail,
  Maximize,
  Menu,
  MessageSquare,
  Minimize,
  Pause,
  Pencil,
  Play,
  Plus,
  Repeat,
  Search,
  Share2,
  Shield,
  SquarePlay,
  Star,
  StepBack,
  StepForward,
  ThumbsUp,
  Trash,
  TrendingUp,
  Trophy,
  Upload,
  User,
  Video,
  VideoOff,
  Volume2,
  VolumeX,
  X,
  type LucideIcon,
} from 'lucide-react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & { size?: number };

/** The 24-unit stroked frame every icon here draws in; features draw their own icons in it too. */
export function BaseIcon({ size = 24, children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** A lucide icon at the app's sizes: decorative (hidden from assistive technology), never a tab stop. */
function fromLucide(Icon: LucideIcon, name: string): (props: IconProps) => ReactElement {
  function AppIcon({ size = 24, ...props }: IconProps) {
    return <Icon size={size} aria-hidden="true" focusable="false" {...props} />;
  }
  AppIcon.displayName = name;
  return AppIcon;
}

export const AlertCircleIcon = fromLucide(CircleExclamationPoint, 'AlertCircleIcon');
export const PlayLogoIcon = fromLucide(SquarePlay, 'PlayLogoIcon');
export const MenuIcon = fromLucide(Menu, 'MenuIcon');
export const CloseIcon = fromLucide(X, 'CloseIcon');
export const VideoOffIcon = fromLucide(VideoOff, 'VideoOffIcon');
export const MailIcon = fromLucide(Mail, 'MailIcon');
export const UserIcon = fromLucide(User, 'UserIcon');
export const CameraIcon = fromLucide(Camera, 'CameraIcon');
export const LogOutIcon = fromLucide(LogOut, 'LogOutIcon');
export const UploadIcon = fromLucide(Upload, 'UploadIcon');
export const SearchIcon = fromLucide(Search, 'SearchIcon');
export const EyeIcon = fromLucide(Eye, 'EyeIcon');
export const VideoIcon = fromLucide(Video, 'VideoIcon');
export const BellIcon = fromLucide(Bell, 'BellIcon');
export const CheckIcon = fromLucide(Check, 'CheckIcon');
export const MessageIcon = fromLucide(MessageSquare, 'MessageIcon');
export const AwardIcon = fromLucide(Award, 'AwardIcon');
export const ChevronDownIcon = fromLucide(ChevronDown, 'ChevronDownIcon');
export const CalendarIcon = fromLucide(Calendar, 'CalendarIcon');
export const BookmarkIcon = fromLucide(Bookmark, 'BookmarkIcon');
export const ShieldIcon = fromLucide(Shield, 'ShieldIcon');
export const ArrowLeftIcon = fromLucide(ArrowLeft, 'ArrowLeftIcon');
export const PencilIcon = fromLucide(Pencil, 'PencilIcon');
export const ThumbsUpIcon = fromLucide(ThumbsUp, 'ThumbsUpIcon');
export const TrophyIcon = fromLucide(Trophy, 'TrophyIcon');
export const PauseIcon = fromLucide(Pause, 'PauseIcon');
export const PlayIcon = fromLucide(Play, 'PlayIcon');
export const TrashIcon = fromLucide(Trash, 'TrashIcon');
export const TrendingUpIcon = fromLucide(TrendingUp, 'TrendingUpIcon');
export const LinkIcon = fromLucide(Link, 'LinkIcon');
export const ShareIcon = fromLucide(Share2, 'ShareIcon');
export const ClockIcon = fromLucide(Clock, 'ClockIcon');
export const MoreVerticalIcon = fromLucide(EllipsisVertical, 'MoreVerticalIcon');
export const StepBackIcon = fromLucide(StepBack, 'StepBackIcon');
export const StepForwardIcon = fromLucide(StepForward, 'StepForwardIcon');
export const GaugeIcon = fromLucide(Gauge, 'GaugeIcon');
export const FilmIcon = fromLucide(Film, 'FilmIcon');
export const PlusIcon = fromLucide(Plus, 'PlusIcon');
export const FolderIcon = fromLucide(Folder, 'FolderIcon');
export const RepeatIcon = fromLucide(Repeat, 'RepeatIcon');
export const MaximizeIcon = fromLucide(Maximize, 'MaximizeIcon');
export const MinimizeIcon = fromLucide(Minimize, 'MinimizeIcon');
export const KeyboardIcon = fromLucide(Keyboard, 'KeyboardIcon');
export const VolumeIcon = fromLucide(Volume2, 'VolumeIcon');
export const VolumeOffIcon = fromLucide(VolumeX, 'VolumeOffIcon');

export function StarIcon({ filled = false, size = 24, ...props }: IconProps & { filled?: boolean }) {
  return <Star size={size} aria-hidden="true" focusable="false" fill={filled ? 'currentColor' : 'none'} {...props} />;
}
