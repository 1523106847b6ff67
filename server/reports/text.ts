import type { DefectSeverity, DefectStatus } from '@shared/entities/defect';
import type { TextLanguage } from '../http/language';

/** The inspection report's texts (zh-cn default, en). */
const TEXTS = {
  zh: {
    title: '巡检报告',
    task: '任务',
    aircraft: '飞行器',
    pilot: '飞手',
    time: '时间',
    weather: '天气',
    noWeather: '未记录',
    photos: '照片数',
    defects: '缺陷数',
    track: '航迹与拍照点',
    defectTable: '缺陷列表',
    defectDetail: '缺陷详情',
    columns: ['编号', '类别', '等级', '状态', '纬度', '经度', '照片', '备注'],
    link: '照片链接',
    none: '无',
    severity: { low: '低', medium: '中', high: '高', critical: '紧急' } satisfies Record<DefectSeverity, string>,
    status: { new: '新发现', confirmed: '已确认', in_repair: '维修中', fixed: '已修复', verified: '已验收', rejected: '已驳回' } satisfies Record<
      DefectStatus,
      string
    >,
  },
  en: {
    title: 'Inspection report',
    task: 'Task',
    aircraft: 'Aircraft',
    pilot: 'Pilot',
    time: 'Time',
    weather: 'Weather',
    noWeather: 'not recorded',
    photos: 'Photos',
    defects: 'Defects',
    track: 'Track and photo points',
    defectTable: 'Defects',
    defectDetail: 'Defect details',
    columns: ['No.', 'Category', 'Severity', 'Status', 'Latitude', 'Longitude', 'Photo', 'Note'],
    link: 'Photo link',
    none: 'none',
    severity: { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' } satisfies Record<DefectSeverity, string>,
    status: { new: 'New', confirmed: 'Confirmed', in_repair: 'In repair', fixed: 'Fixed', verified: 'Verified', rejected: 'Rejected' } satisfies Record<
      DefectStatus,
      string
    >,
  },
} as const;

export type ReportText = (typeof TEXTS)[TextLanguage];
export const reportText = (language: TextLanguage): ReportText => TEXTS[language];
