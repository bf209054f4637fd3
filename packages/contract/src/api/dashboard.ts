import {
  accountStatSchema,
  businessStatSchema,
  dashboardQuery,
  devicePhysicalStatSchema,
  deviceSessionStatSchema,
  modelStatSchema,
  totalStatSchema,
} from '../schemas/dashboard';
import { route } from './route';

const tags = ['dashboard'];
/** The home page is every signed-in user's: the figures are scoped to what the caller may see (the service). */
const access = {};

export const dashboardApi = {
  totalStat: route({
    method: 'GET',
    path: '/v1/dashboard/queryTotalStat',
    query: dashboardQuery,
    response: totalStatSchema,
    access,
    summary: 'Devices, accounts, and the jobs of today and of the chosen range',
    tags,
  }),
  businessStat: route({
    method: 'GET',
    path: '/v1/dashboard/queryBusinessStat',
    query: dashboardQuery,
    response: businessStatSchema,
    access,
    summary: 'Jobs per day of the chosen range (7 days by default), by kind and outcome',
    tags,
  }),
  devicePhysicalStat: route({
    method: 'GET',
    path: '/v1/dashboard/queryDevicePhysicalStat',
    query: dashboardQuery,
    response: devicePhysicalStatSchema,
    access,
    summary: 'Devices by state',
    tags,
  }),
  deviceSessionStat: route({
    method: 'GET',
    path: '/v1/dashboard/queryDeviceSessionStat',
    query: dashboardQuery,
    response: deviceSessionStatSchema,
    access,
    summary: 'Connections, devices added and devices activated per day of the chosen range',
    tags,
  }),
  modelStat: route({
    method: 'GET',
    path: '/v1/dashboard/queryModelStat',
    query: dashboardQuery,
    response: modelStatSchema,
    access,
    summary: 'Devices per model',
    tags,
  }),
  accountStat: route({
    method: 'GET',
    path: '/v1/dashboard/queryAccountStat',
    query: dashboardQuery,
    response: accountStatSchema,
    access,
    summary: 'Accounts and devices ranked by jobs over the chosen range',
    tags,
  }),
};
