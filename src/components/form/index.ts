/**
 * The form kit (react-hook-form, Chakra): every form's numbers, stock choice, execução and labelled fields, so that
 * a field looks, reads and says its error the same everywhere.
 */
export { AcaoSelect, opcoesDoUniverso, type AcaoOpcao, type AcaoSelectProps } from './AcaoSelect';
export { DecimalField, type DecimalFieldProps } from './DecimalField';
export { EXECUCAO_OPTIONS, ExecucaoFields, type ExecucaoValues } from './ExecucaoFields';
export { FormField, RadioField, type RadioFieldProps } from './FormField';
