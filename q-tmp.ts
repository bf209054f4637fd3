import pg from 'pg';
