import AssignmentIcon from '@mui/icons-material/Assignment';
import NotificationImportantIcon from '@mui/icons-material/NotificationImportant';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import BadgeIcon from '@mui/icons-material/Badge';
import CampaignIcon from '@mui/icons-material/Campaign';
import DescriptionIcon from '@mui/icons-material/Description';
import DevicesIcon from '@mui/icons-material/Devices';
import EventNoteIcon from '@mui/icons-material/EventNote';
import FlightIcon from '@mui/icons-material/Flight';
import HexagonIcon from '@mui/icons-material/HexagonOutlined';
import InsightsIcon from '@mui/icons-material/Insights';
import MapIcon from '@mui/icons-material/Map';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import PersonIcon from '@mui/icons-material/Person';
import PlaceIcon from '@mui/icons-material/Place';
import PolylineIcon from '@mui/icons-material/Polyline';
import RadarIcon from '@mui/icons-material/Radar';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import ShieldIcon from '@mui/icons-material/Shield';
import VideocamIcon from '@mui/icons-material/Videocam';
import type { SvgIconComponent } from '@mui/icons-material';
import KeyIcon from '@mui/icons-material/Key';

const ICONS: Record<string, SvgIconComponent> = {
  radar: RadarIcon,
  videocam: VideocamIcon,
  alert: NotificationImportantIcon,
  devices: DevicesIcon,
  flight: FlightIcon,
  airspace: ShieldIcon,
  apply: DescriptionIcon,
  plan: EventNoteIcon,
  report: InsightsIcon,
  map: MapIcon,
  media: PhotoLibraryIcon,
  defect: ReportProblemIcon,
  point: PlaceIcon,
  polyline: PolylineIcon,
  polygon: HexagonIcon,
  task: AssignmentIcon,
  security: SecurityIcon,
  user: PersonIcon,
  sysUser: AdminPanelSettingsIcon,
  dept: AccountTreeIcon,
  role: BadgeIcon,
  resource: KeyIcon,
  settings: SettingsIcon,
  notice: CampaignIcon,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? DescriptionIcon;
  return <Icon fontSize="small" />;
}
