export { BusinessCatalogDialog, type BusinessCatalogDialogProps } from './business-catalog-dialog';
