import type { ErrorEntry } from './error-entry';

// Errors of users, roles, permissions and menus.
export const accessErrors = {
  password_change_required: {
    status: 403,
    en: 'Change your temporary password to continue',
    my: 'Tukar kata laluan sementara anda untuk meneruskan',
  },
  username_taken: {
    status: 400,
    en: 'Another user already has this username',
    my: 'Pengguna lain sudah menggunakan nama pengguna ini',
  },
  user_email_missing: {
    status: 400,
    en: 'This user has no e-mail address. Add one, or set a temporary password instead.',
    my: 'Pengguna ini tiada alamat e-mel. Tambah satu, atau tetapkan kata laluan sementara.',
  },
  self_disable: {
    status: 409,
    en: 'You cannot disable your own account',
    my: 'Anda tidak boleh menyahaktifkan akaun anda sendiri',
  },
  self_delete: {
    status: 409,
    en: 'You cannot delete your own account',
    my: 'Anda tidak boleh memadam akaun anda sendiri',
  },
  user_in_use: {
    status: 409,
    en: 'This user has orders or other records and cannot be deleted. Disable the account instead.',
    my: 'Pengguna ini mempunyai pesanan atau rekod lain dan tidak boleh dipadam. Nyahaktifkan akaun sebaliknya.',
  },
  permission_escalation: {
    status: 403,
    en: 'You cannot give permissions you do not hold yourself',
    my: 'Anda tidak boleh memberi kebenaran yang anda sendiri tiada',
  },
  target_outranks_you: {
    status: 403,
    en: 'This role holds permissions you do not have, so you cannot change it or its users',
    my: 'Peranan ini mempunyai kebenaran yang anda tiada, jadi anda tidak boleh mengubahnya atau penggunanya',
  },
  platform_permission_not_allowed: {
    status: 400,
    en: 'Platform permissions can only be given to platform roles',
    my: 'Kebenaran platform hanya boleh diberi kepada peranan platform',
  },
  role_name_taken: {
    status: 400,
    en: 'Another role already has this name',
    my: 'Peranan lain sudah menggunakan nama ini',
  },
  role_immutable: {
    status: 409,
    en: 'The superadmin role cannot be changed or deleted',
    my: 'Peranan superadmin tidak boleh diubah atau dipadam',
  },
  role_in_use: {
    status: 409,
    en: 'Users still hold this role. Move them to another role first.',
    my: 'Masih ada pengguna yang memegang peranan ini. Pindahkan mereka ke peranan lain dahulu.',
  },
  role_self_lockout: {
    status: 409,
    en: 'This change would remove a role-management permission from your own role. Ask another administrator to make it.',
    my: 'Perubahan ini akan membuang kebenaran pengurusan peranan daripada peranan anda sendiri. Minta pentadbir lain membuatnya.',
  },
  menu_title_taken: {
    status: 400,
    en: 'Another menu item already uses this title key',
    my: 'Item menu lain sudah menggunakan kunci tajuk ini',
  },
  menu_parent_invalid: {
    status: 400,
    en: 'A menu item cannot be placed inside itself or its own sub-items',
    my: 'Item menu tidak boleh diletakkan di dalam dirinya sendiri atau sub-itemnya',
  },
  menu_item_builtin: {
    status: 409,
    en: 'Built-in menu items cannot be deleted. Hide it instead.',
    my: 'Item menu terbina dalam tidak boleh dipadam. Sembunyikannya sebaliknya.',
  },
  menu_item_builtin_title: {
    status: 409,
    en: 'The title key of a built-in menu item cannot be changed. Edit its English and Malay titles instead.',
    my: 'Kunci tajuk item menu terbina dalam tidak boleh diubah. Sunting tajuk Bahasa Inggeris dan Melayunya sahaja.',
  },
  menu_item_has_children: {
    status: 409,
    en: 'This menu item has sub-items. Move or delete them first.',
    my: 'Item menu ini mempunyai sub-item. Pindahkan atau padam dahulu.',
  },
} as const satisfies Record<string, ErrorEntry>;
