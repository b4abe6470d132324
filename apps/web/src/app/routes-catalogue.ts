import type { AppRouteDef } from './route-types';

// Signed-in routes: the catalogue, outlets and tenants (loaded with the first signed-in page).
export const catalogueRoutes: AppRouteDef[] = [
  // The catalogue, outlets and tenants.
  {
    path: '/product/list',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'list-product',
    titleKey: 'pageTitles.productList',
    icon: 'ListAlt',
    searchable: true,
    page: () =>
      import('../features/products/pages/product-list-page').then((m) => m.ProductListPage),
  },
  {
    path: '/product/add',
    layout: 'default',
    access: 'signed-in',
    action: 'create',
    subject: 'list-product',
    titleKey: 'pageTitles.productAdd',
    icon: 'AddCircleOutline',
    searchable: true,
    page: () =>
      import('../features/products/pages/product-form-page').then((m) => m.ProductAddPage),
  },
  {
    path: '/product/edit/:id',
    layout: 'default',
    access: 'signed-in',
    action: 'update',
    subject: 'add-product',
    titleKey: 'pageTitles.productEdit',
    page: () =>
      import('../features/products/pages/product-form-page').then((m) => m.ProductEditPage),
  },
  {
    path: '/product/category',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'category',
    titleKey: 'pageTitles.category',
    icon: 'Category',
    searchable: true,
    page: () => import('../features/categories/pages/category-page').then((m) => m.CategoryPage),
  },
  {
    path: '/product/category-list',
    layout: 'default',
    access: 'signed-in',
    action: 'create',
    subject: 'product category',
    titleKey: 'pageTitles.categoryCreate',
    icon: 'Category',
    searchable: true,
    page: () =>
      import('../features/categories/pages/category-create-page').then((m) => m.CategoryCreatePage),
  },
  {
    path: '/product/variant-addon',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'variant-addon',
    titleKey: 'pageTitles.variantAddon',
    icon: 'Tune',
    searchable: true,
    page: () =>
      import('../features/variant-addons/pages/variant-addon-page').then((m) => m.VariantAddonPage),
  },
  {
    path: '/outlet',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'outlet',
    titleKey: 'pageTitles.outlet',
    icon: 'Store',
    searchable: true,
    page: () => import('../features/outlets/pages/outlet-page').then((m) => m.OutletPage),
  },
  {
    // SPEC §2 leaves its access open; the server guards hours with read-time-management.
    path: '/outlet/time-management',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'time-management',
    titleKey: 'pageTitles.timeManagement',
    icon: 'Schedule',
    searchable: true,
    page: () =>
      import('../features/outlets/pages/time-management-page').then((m) => m.TimeManagementPage),
  },
  {
    path: '/tenant',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'tenant',
    titleKey: 'pageTitles.tenant',
    icon: 'Business',
    searchable: true,
    page: () => import('../features/tenants/pages/tenant-page').then((m) => m.TenantPage),
  },
  {
    // SPEC §2 names no route: under /tenant, as the menu's "Tenant and Outlet" area (decision 038).
    path: '/tenant/business-settings',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'tenant-setting',
    titleKey: 'pageTitles.businessSettings',
    icon: 'Settings',
    searchable: true,
    page: () =>
      import('../features/business-settings/pages/business-settings-page').then(
        (m) => m.BusinessSettingsPage,
      ),
  },
];
