import { useTranslation } from 'react-i18next';
import { deptEmpty, deptSchema, deptToForm } from './adminRules';
import TreeScreen from './TreeScreen';

export default function DeptPage() {
  const { t } = useTranslation();
  return (
    <TreeScreen
      resource="department"
      title={t('menu.dept')}
      what={t('admin.dept')}
      treeLabel={t('admin.deptTree')}
      primary={(row) => row.name}
      fields={[
        { name: 'name', label: 'admin.deptName', required: true },
        { name: 'sort', label: 'admin.sort', kind: 'number' },
      ]}
      parentField="parent_id"
      schema={deptSchema}
      empty={deptEmpty}
      toForm={deptToForm}
    />
  );
}
