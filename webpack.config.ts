import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

const serverUrl = process.env.SERVER_URL ?? 'http://localhost:8080';

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration & { devServer?: DevServerConfiguration } => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.tsx' },
    output: {
      // DIST_DIR lets parallel builds (e.g. several engineers' browser tests) write to their own folder.
      path: path.resolve(__dirname, process.env.DIST_DIR ?? 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // react-router's package exports only its development build; it ships a production one beside it.
      alias: {
        // The contract package both sides import (tsconfig "paths").
        '@shared': path.resolve(__dirname, 'shared'),
        ...(production
          ? {
              'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
              'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
            }
          : {}),
      },
    },
    module: {
      rules: [
        { test: /\.tsx?$/, loader: 'esbuild-loader', options: { target: 'es2020', jsx: 'automatic' } },
        { test: /\.css$/, use: ['style-loader', 'css-loader'] },
        { test: /\.md$/, type: 'asset/source' },
        { test: /\.(png|svg|jpe?g|gif|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer' })],
    performance: { hints: false },
    optimization: { splitChunks: { chunks: 'all' } },
    devServer: {
      port: Number(process.env.DEV_PORT ?? 3000),
      hot: true,
      historyApiFallback: false,
      static: [{ directory: path.resolve(__dirname, 'static'), publicPath: '/' }],
      proxy: [
        { context: ['/api', '/uploads'], target: serverUrl, changeOrigin: true },
        { context: ['/mqtt'], target: serverUrl, ws: true, changeOrigin: true },
      ],
    },
  };
};
