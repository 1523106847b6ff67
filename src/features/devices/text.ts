import { defineFeatureText } from '../i18n';

export default defineFeatureText({
  namespace: 'devices',
  'zh-cn': {
    what: '设备',
    searchLabel: '搜索序列号/名称/型号',
    serial: '序列号',
    name: '名称',
    model: '型号',
    kind: '类型',
    firmware: '固件版本',
    department: '所属部门',
    status: '状态',
    photo: '设备照片',
    battery: '电量',
    lastSeen: '最后在线',
    lastPosition: '最后位置',
    noPosition: '暂无位置',
    mapLabel: '设备位置地图',
    live: '实时',
    kinds: { aircraft: '飞行器', dock: '机场', remote_controller: '遥控器' },
    statuses: { online: '在线', offline: '离线', flying: '飞行中', maintenance: '维护中' },
    serialRule: '4-64 位字母、数字或 -',
  },
});
