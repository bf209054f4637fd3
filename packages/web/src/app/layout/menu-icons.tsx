import {
  AimOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BankOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  MessageOutlined,
  PrinterOutlined,
  ShopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Icons named in the contract's route tree (imported one by one to keep the bundle small). */
const ICONS: Record<string, ReactNode> = {
  AimOutlined: <AimOutlined />,
  ApiOutlined: <ApiOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  BankOutlined: <BankOutlined />,
  CloudUploadOutlined: <CloudUploadOutlined />,
  DashboardOutlined: <DashboardOutlined />,
  FileSearchOutlined: <FileSearchOutlined />,
  MessageOutlined: <MessageOutlined />,
  PrinterOutlined: <PrinterOutlined />,
  ShopOutlined: <ShopOutlined />,
  TeamOutlined: <TeamOutlined />,
};

export const menuIcon = (name?: string): ReactNode => (name ? ICONS[name] : undefined);
