import { createElement } from 'react'
import {
  BarChart3,
  Calendar,
  Database,
  DollarSign,
  FileText,
  Globe,
  LayoutGrid,
  Package,
  Settings,
  Shield,
  Users,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react'
import type { ApplicationIcon } from '@platform/contracts/applications'

/** The lucide component for each allowed application icon name (contracts' APPLICATION_ICONS). */
export const APPLICATION_ICON_COMPONENTS: Record<ApplicationIcon, LucideIcon> = {
  FileText,
  DollarSign,
  Users,
  Settings,
  BarChart: BarChart3,
  Calendar,
  Shield,
  Database,
  Globe,
  Package,
}

/** The icon for an application's `app_icon`; unknown names fall back to a neutral grid. */
export function iconForName(name: string): LucideIcon {
  return (APPLICATION_ICON_COMPONENTS as Record<string, LucideIcon>)[name] ?? LayoutGrid
}

/** A decorative application icon (its name is always written beside it). */
export function AppIcon({ name, ...props }: { name: string } & LucideProps) {
  // A lookup in a fixed table, not a component made during render: createElement says so to the linter.
  return createElement(iconForName(name), { 'aria-hidden': true, focusable: 'false', ...props })
}
