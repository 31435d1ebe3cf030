module.exports = { ...require('./create-config.cjs'), ...require('./shared-dependencies.cjs') };
